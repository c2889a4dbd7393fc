import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AlertCorrectionForm, AlertForm } from '@/components/staff/alert-form';
import { AuditForm } from '@/components/staff/audit-form';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { alertCorrectionSchema, alertFormSchema } from '@/lib/schemas/staff-alert';
import { auditFormSchema } from '@/lib/schemas/staff-audit';

import { buttonNamed, controlLabelled, createTestRoot, fillControl, settle as settleRounds } from '../support/render';

// The console's actions, answering what the test says; the project search box (it fetches) picks one project.
const actions = vi.hoisted(() => ({ createAlert: vi.fn(), updateAlert: vi.fn(), correctAlert: vi.fn(), createAudit: vi.fn(), updateAudit: vi.fn() }));
vi.mock('@/actions/staff/create-alert', () => ({ createAlertAction: actions.createAlert }));
vi.mock('@/actions/staff/update-alert', () => ({ updateAlertAction: { bind: () => actions.updateAlert } }));
vi.mock('@/actions/staff/correct-alert', () => ({ correctAlertAction: { bind: () => actions.correctAlert } }));
vi.mock('@/actions/staff/create-audit', () => ({ createAuditAction: actions.createAudit }));
vi.mock('@/actions/staff/update-audit', () => ({ updateAuditAction: { bind: () => actions.updateAudit } }));
vi.mock('@/components/staff/upload-file', () => ({ uploadStaffFile: vi.fn() }));
vi.mock('@/components/chrome/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const router = vi.hoisted(() => ({ push: vi.fn(), refresh: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('@/components/search/project-search', () => ({
  ProjectSearch: ({ onSelect }: { onSelect: (project: { id: string; name: string }) => void }) => (
    <button type="button" onClick={() => onSelect({ id: 'vault-finance', name: 'Vault Finance' })}>
      Pick Vault Finance
    </button>
  ),
}));

const root = createTestRoot();
// react-hook-form validates asynchronously: a few more rounds than the default.
const settle = () => settleRounds(10);

const control = (label: string) => controlLabelled(root.container, label);
const fill = (label: string, value: string) => fillControl(control(label), value);

async function click(name: string) {
  await act(async () => buttonNamed(name).click());
  await settle();
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the alert form', () => {
  it('shows each refusal at its field and sends nothing', async () => {
    await root.render(<AlertForm alert={null} />);
    await fill('Source links', 'http://example.com/not-https');
    await fill('Amount lost (USD)', 'a lot');
    await click('Save draft');
    const text = root.container.textContent;
    for (const message of [STAFF_MESSAGES.alertTitleRequired, STAFF_MESSAGES.alertTypeRequired, STAFF_MESSAGES.alertDateRequired, STAFF_MESSAGES.confidenceRequired, STAFF_MESSAGES.amountInvalid])
      expect(text).toContain(message);
    expect(text).toContain(STAFF_MESSAGES.sourceLinkInvalid('http://example.com/not-https'));
    expect(control('Title').getAttribute('aria-invalid')).toBe('true');
    expect(actions.createAlert).not.toHaveBeenCalled();
  });

  it('sends the values as typed (the action parses them) and opens the new draft', async () => {
    actions.createAlert.mockResolvedValue({ data: { id: '7d0c1f1e-0000-4000-8000-000000000001' } });
    await root.render(<AlertForm alert={null} />);
    await fill('Title', 'Vault drained');
    await fill('Type', 'exploit');
    await fill('Date of the incident', '2026-01-15');
    await fill('Confidence', 'high');
    await click('Pick Vault Finance');
    await fill('Amount lost (USD)', '1,250,000');
    await fill('Amounts priced on', '2026-01-16');
    await fill('Source links', 'https://example.com/post-mortem\nhttps://example.com/tx');
    await click('Save draft');
    expect(actions.createAlert).toHaveBeenCalledTimes(1);
    expect(actions.createAlert.mock.calls[0][0]).toMatchObject({
      title: 'Vault drained',
      projectId: 'vault-finance',
      amountLostUsd: '1,250,000',
      amountsPricedOn: '2026-01-16',
      sourceUrls: 'https://example.com/post-mortem\nhttps://example.com/tx',
    });
    // The action parses its input again: what was sent must pass the same schema.
    expect(alertFormSchema.safeParse(actions.createAlert.mock.calls[0][0]).error?.issues ?? []).toEqual([]);
    expect(router.push).toHaveBeenCalledWith('/staff/alerts/7d0c1f1e-0000-4000-8000-000000000001');
  });

  it('a correction is not sent without its reason', async () => {
    const values = { title: 'Vault drained', type: 'exploit', occurredOn: '2026-01-15', chain: '', amountLostUsd: '100', amountReturnedUsd: '', amountsPricedOn: '2026-01-16', technique: '', sourceUrls: 'https://example.com/a', confidence: 'high', projectId: '', description: '' } as const;
    await root.render(<AlertCorrectionForm alert={{ id: '7d0c1f1e-0000-4000-8000-000000000002', project: null, values }} />);
    await fill('Amount lost (USD)', '150');
    await click('Publish correction');
    expect(root.container.textContent).toContain(STAFF_MESSAGES.reasonRequired);
    expect(actions.correctAlert).not.toHaveBeenCalled();
    actions.correctAlert.mockResolvedValue({ data: { revisionId: 'r' } });
    await fill('Reason for the correction', 'Final figure from the team');
    await click('Publish correction');
    expect(actions.correctAlert.mock.calls[0][0]).toMatchObject({ amountLostUsd: '150', reason: 'Final figure from the team' });
    expect(alertCorrectionSchema.safeParse(actions.correctAlert.mock.calls[0][0]).error?.issues ?? []).toEqual([]);
  });
});

describe('the audit form', () => {
  it('enters findings one by one and sends them with the audit', async () => {
    actions.createAudit.mockResolvedValue({ data: { id: '7d0c1f1e-0000-4000-8000-000000000003' } });
    await root.render(<AuditForm audit={null} />);
    await click('Save draft');
    expect(root.container.textContent).toContain(STAFF_MESSAGES.auditProjectRequired);
    expect(root.container.textContent).toContain(STAFF_MESSAGES.auditorRequired);
    expect(actions.createAudit).not.toHaveBeenCalled();

    await click('Pick Vault Finance');
    await fill('Auditor', 'Sentinel Shield');
    await fill('Report published on', '2026-02-01');
    await fill('Scope', 'Vault contracts');
    await click('Add a finding');
    await click('Add a finding');
    await fill('Finding 1 title', 'Reentrancy in withdraw');
    await fill('Finding 1 severity', 'critical');
    await fill('Finding 1 status', 'resolved');
    await click('Save draft');
    expect(root.container.textContent).toContain(STAFF_MESSAGES.findingTitleRequired);
    await click('Remove finding 2');
    await click('Save draft');
    expect(actions.createAudit).toHaveBeenCalledTimes(1);
    expect(actions.createAudit.mock.calls[0][0]).toMatchObject({
      projectId: 'vault-finance',
      startedOn: '',
      findingItems: [{ title: 'Reentrancy in withdraw', severity: 'critical', status: 'resolved' }],
    });
    expect(auditFormSchema.safeParse(actions.createAudit.mock.calls[0][0]).error?.issues ?? []).toEqual([]);
    expect(router.push).toHaveBeenCalledWith('/staff/audits/7d0c1f1e-0000-4000-8000-000000000003');
  });
});
