import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';

import { MemberInviteForm } from '@/components/staff/members';
import { QuoteForm } from '@/components/staff/quote-form';
import { ReportDecision } from '@/components/staff/report-decision';
import { ScoreForm } from '@/components/staff/score-form';
import { SecondFactorForm } from '@/components/staff/second-factor-form';
import { secondFactorSchema } from '@/lib/schemas/staff';
import { inviteMemberSchema } from '@/lib/schemas/staff-member';
import { quoteUpdateSchema } from '@/lib/schemas/staff-quote';
import { duplicateReportSchema, rejectReportSchema } from '@/lib/schemas/staff-report';
import { scoreFormSchema } from '@/lib/schemas/staff-score';
import { PILLARS } from '@/lib/score';

import { buttonNamed, controlLabelled, createTestRoot, fillControl, settle as settleRounds } from '../support/render';

/*
 * Each console form sends its action what the action's own schema accepts. The action parses its input again on the
 * server, so a form that sent the resolver's output (empty text already turned into null, numbers already numbers)
 * would be refused by a schema with transforms, and saving from the browser would fail.
 */

const actions = vi.hoisted(() => {
  const answer = () => Promise.resolve({ data: { ok: true } });
  return {
    updateScore: vi.fn(answer),
    updateQuote: vi.fn(answer),
    inviteMember: vi.fn(answer),
    rejectReport: vi.fn(answer),
    markDuplicate: vi.fn(answer),
    approveReport: vi.fn(answer),
    verifyFactor: vi.fn(answer),
    completeEnrolment: vi.fn(answer),
  };
});
vi.mock('@/actions/staff/update-score', () => ({ updateScoreAction: { bind: () => actions.updateScore } }));
vi.mock('@/actions/staff/update-quote', () => ({ updateQuoteAction: { bind: () => actions.updateQuote } }));
vi.mock('@/actions/staff/invite-member', () => ({ inviteMemberAction: actions.inviteMember }));
// The invite form shares its module with the member controls, whose actions are not used here.
vi.mock('@/actions/staff/change-member-role', () => ({ changeMemberRoleAction: vi.fn() }));
vi.mock('@/actions/staff/remove-member', () => ({ removeMemberAction: vi.fn() }));
vi.mock('@/actions/staff/reset-member-factor', () => ({ resetMemberFactorAction: vi.fn() }));
vi.mock('@/actions/staff/revoke-invitation', () => ({ revokeInvitationAction: vi.fn() }));
vi.mock('@/actions/staff/reject-report', () => ({ rejectReportAction: { bind: () => actions.rejectReport } }));
vi.mock('@/actions/staff/mark-duplicate-report', () => ({ markDuplicateReportAction: { bind: () => actions.markDuplicate } }));
vi.mock('@/actions/staff/approve-report', () => ({ approveReportAction: actions.approveReport }));
vi.mock('@/actions/staff/verify-second-factor', () => ({ verifySecondFactorAction: actions.verifyFactor }));
vi.mock('@/actions/staff/complete-enrolment', () => ({ completeEnrolmentAction: actions.completeEnrolment }));
vi.mock('@/components/chrome/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const router = vi.hoisted(() => ({ push: vi.fn(), refresh: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const root = createTestRoot();
// react-hook-form validates asynchronously: a few more rounds than the default.
const settle = () => settleRounds(10);

const fill = (label: string, value: string) => fillControl(controlLabelled(root.container, label), value);

async function submit(name: string) {
  await act(async () => buttonNamed(name).click());
  await settle();
}

/** What the form sent its action, once; the test fails with the schema's own refusal if the action would refuse it. */
function sentInput(action: ReturnType<typeof vi.fn>, schema: z.ZodType) {
  expect(action).toHaveBeenCalledTimes(1);
  const input: unknown = action.mock.calls[0][0];
  const parsed = schema.safeParse(input);
  expect(parsed.error?.issues ?? []).toEqual([]);
  return input;
}

const ALERT_ID = '7d0c1f1e-0000-4000-8000-0000000000aa';
const OWNER_ID = '7d0c1f1e-0000-4000-8000-0000000000bb';

beforeEach(() => {
  vi.clearAllMocks();
});

describe('every console form sends input its action accepts', () => {
  it('the score form, with signals left empty (not assessed)', async () => {
    await root.render(<ScoreForm projectId="vault-finance" entries={{}} />);
    const [pillar] = PILLARS;
    await fill(pillar.signals[0].label, '80');
    await fill('What changed', 'Audit coverage checked');
    await submit('Save score');
    const input = sentInput(actions.updateScore, scoreFormSchema) as z.input<typeof scoreFormSchema>;
    expect(input.signals[pillar.key][pillar.signals[0].key]).toBe('80');
  });

  it('the quote form, owned by nobody and with an owner', async () => {
    const values = { status: 'new', ownerUserId: '', notes: '' } as const;
    await root.render(<QuoteForm quoteId={OWNER_ID} values={values} owners={[{ userId: OWNER_ID, email: 'sales@example.com' }]} />);
    await fill('Status', 'contacted');
    await fill('Notes', '  Called them  ');
    await submit('Save');
    expect(sentInput(actions.updateQuote, quoteUpdateSchema)).toMatchObject({ status: 'contacted', ownerUserId: '' });

    actions.updateQuote.mockClear();
    await fill('Owner', OWNER_ID);
    await submit('Save');
    expect(sentInput(actions.updateQuote, quoteUpdateSchema)).toMatchObject({ ownerUserId: OWNER_ID });
  });

  it('the invitation form', async () => {
    await root.render(<MemberInviteForm />);
    await fill('Email', ' analyst@example.com ');
    await fill('Role', 'moderator');
    await submit('Send invitation');
    expect(sentInput(actions.inviteMember, inviteMemberSchema)).toMatchObject({ role: 'moderator' });
  });

  it('the report decisions: reject with a reason, mark as a duplicate', async () => {
    await root.render(<ReportDecision reportId={OWNER_ID} candidates={[{ id: ALERT_ID, label: 'Vault drained' }]} mailsReporter />);
    await fill('Reason for rejecting', ' Not an incident ');
    await submit('Reject report');
    sentInput(actions.rejectReport, rejectReportSchema);
    await fill('Alert this report repeats', ALERT_ID);
    await submit('Mark as duplicate');
    expect(sentInput(actions.markDuplicate, duplicateReportSchema)).toEqual({ alertId: ALERT_ID });
  });

  it('the second-factor form', async () => {
    await root.render(<SecondFactorForm mode="verify" />);
    await fill('Authenticator or recovery code', ' 123456 ');
    await submit('Verify');
    sentInput(actions.verifyFactor, secondFactorSchema);
  });
});
