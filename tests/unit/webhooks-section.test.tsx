import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { WebhooksSection } from '@/components/settings/webhooks-section';
import { WEBHOOK_ENDPOINTS_PER_USER_MAX, WEBHOOK_MESSAGES, type WebhookEndpointItem } from '@/lib/webhooks';

import { buttonNamed, controlLabelled, createTestRoot, fillControl, settle as settleRounds } from '../support/render';

const actions = vi.hoisted(() => ({ add: vi.fn(), list: vi.fn(), remove: vi.fn(), sendTest: vi.fn() }));
vi.mock('@/actions/settings/webhook-add', () => ({ addWebhookEndpointAction: actions.add }));
vi.mock('@/actions/settings/webhook-list', () => ({ listWebhookEndpointsAction: actions.list }));
vi.mock('@/actions/settings/webhook-remove', () => ({ removeWebhookEndpointAction: actions.remove }));
vi.mock('@/actions/settings/webhook-send-test', () => ({ sendWebhookTestAction: actions.sendTest }));
const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));

const root = createTestRoot();
// react-hook-form validates asynchronously: a few more rounds than the default.
const settle = () => settleRounds(10);

const endpoint = (id: string, url: string, deliveries: WebhookEndpointItem['deliveries'] = []): WebhookEndpointItem => ({
  id,
  url,
  description: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  deliveries,
});
const hook = endpoint('7d0f6a2e-1111-4c1e-9a53-000000000001', 'https://hooks.example.com/a', [
  { id: 'd1', eventType: 'alert.published', createdAt: '2026-11-21T09:30:00.000Z', attempts: 2, state: 'delivered', lastStatus: 200, lastError: null, nextAttemptAt: null },
  { id: 'd2', eventType: 'test', createdAt: '2026-11-21T09:00:00.000Z', attempts: 1, state: 'pending', lastStatus: 500, lastError: 'HTTP 500', nextAttemptAt: '2026-11-21T09:00:10.000Z' },
]);

const urlField = () => controlLabelled<HTMLInputElement>(root.container, WEBHOOK_MESSAGES.urlLabel);
const text = () => root.container.textContent ?? '';
const labelled = (label: string) => root.container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const click = async (button: HTMLButtonElement) => {
  await act(async () => button.click());
  await settle();
};

beforeEach(() => vi.clearAllMocks());

describe('the Webhooks section in Settings', () => {
  it('lists each endpoint with its delivery log: event, time, result, attempts and next try', async () => {
    await root.render(<WebhooksSection initialEndpoints={[hook]} />);
    const rows = [...root.container.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['alert.published', '21 Nov 2026, 09:30 UTC', 'Delivered (HTTP 200)', '2', '—'],
      ['test', '21 Nov 2026, 09:00 UTC', 'Pending: HTTP 500', '1', '21 Nov 2026, 09:00 UTC'],
    ]);
    expect(text()).toContain('https://hooks.example.com/a');
  });

  it('says so when there is none yet', async () => {
    await root.render(<WebhooksSection initialEndpoints={[]} />);
    expect(text()).toContain(WEBHOOK_MESSAGES.empty);
  });

  it('refuses a malformed URL in the browser without calling the server', async () => {
    await root.render(<WebhooksSection initialEndpoints={[]} />);
    await fillControl(urlField(), 'not a url');
    await click(buttonNamed(WEBHOOK_MESSAGES.add));
    expect(actions.add).not.toHaveBeenCalled();
    expect(text()).toContain(WEBHOOK_MESSAGES.urlInvalid);
  });

  it('adds an endpoint, shows its secret once with a copy button, and lists it', async () => {
    const secret = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlYw==';
    const added = endpoint('7d0f6a2e-1111-4c1e-9a53-000000000002', 'https://hooks.example.com/new');
    actions.add.mockResolvedValue({ data: { endpointId: added.id, secret, endpoints: [added] } });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await root.render(<WebhooksSection initialEndpoints={[]} />);
    await fillControl(urlField(), ' https://hooks.example.com/new ');
    await fillControl(controlLabelled(root.container, WEBHOOK_MESSAGES.descriptionLabel), 'Pager');
    await click(buttonNamed(WEBHOOK_MESSAGES.add));
    expect(actions.add).toHaveBeenCalledWith({ url: 'https://hooks.example.com/new', description: 'Pager' });
    expect(text()).toContain(secret);
    expect(text()).toContain(WEBHOOK_MESSAGES.secretOnce);
    expect(text()).toContain('https://hooks.example.com/new');
    expect(urlField().value).toBe('');

    await click(buttonNamed(WEBHOOK_MESSAGES.copy));
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(toastMock.success).toHaveBeenCalledWith(WEBHOOK_MESSAGES.copied);

    await click(buttonNamed(WEBHOOK_MESSAGES.dismissSecret));
    expect(text()).not.toContain(secret);
  });

  it('shows the server’s refusal (SSRF) under the URL and lists nothing new', async () => {
    actions.add.mockResolvedValue({ serverError: WEBHOOK_MESSAGES.addressRefused.loopback });
    await root.render(<WebhooksSection initialEndpoints={[]} />);
    await fillControl(urlField(), 'https://localhost/hook');
    await click(buttonNamed(WEBHOOK_MESSAGES.add));
    expect(text()).toContain(WEBHOOK_MESSAGES.addressRefused.loopback);
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(text()).toContain(WEBHOOK_MESSAGES.empty);
  });

  it('"Send test" queues a test for that endpoint and shows the log the server answers', async () => {
    const queued = { id: 'd3', eventType: 'test', createdAt: '2026-11-22T08:00:00.000Z', attempts: 0, state: 'pending' as const, lastStatus: null, lastError: null, nextAttemptAt: '2026-11-22T08:00:00.000Z' };
    actions.sendTest.mockResolvedValue({ data: { endpoints: [{ ...hook, deliveries: [queued, ...hook.deliveries] }] } });
    await root.render(<WebhooksSection initialEndpoints={[hook]} />);
    await click(labelled(WEBHOOK_MESSAGES.sendTestLabel(hook.url)));
    expect(actions.sendTest).toHaveBeenCalledWith({ id: hook.id });
    expect(root.container.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(toastMock.success).toHaveBeenCalledWith(WEBHOOK_MESSAGES.testQueued);
  });

  it('asks before removing: Cancel keeps the endpoint and calls nothing', async () => {
    await root.render(<WebhooksSection initialEndpoints={[hook]} />);
    await click(labelled(WEBHOOK_MESSAGES.removeLabel(hook.url)));
    expect(text()).toContain(WEBHOOK_MESSAGES.removeQuestion);
    await click(buttonNamed(WEBHOOK_MESSAGES.cancel));
    expect(text()).not.toContain(WEBHOOK_MESSAGES.removeQuestion);
    expect(actions.remove).not.toHaveBeenCalled();
    expect(text()).toContain(hook.url);
  });

  it('removes an endpoint once confirmed; a refusal keeps it and says why', async () => {
    actions.remove.mockResolvedValueOnce({ serverError: WEBHOOK_MESSAGES.notFound });
    await root.render(<WebhooksSection initialEndpoints={[hook]} />);
    await click(labelled(WEBHOOK_MESSAGES.removeLabel(hook.url)));
    await click(buttonNamed(WEBHOOK_MESSAGES.confirmRemove));
    expect(toastMock.error).toHaveBeenCalledWith(WEBHOOK_MESSAGES.notFound);
    expect(text()).toContain(hook.url);

    actions.remove.mockResolvedValueOnce({ data: { endpoints: [] } });
    await click(labelled(WEBHOOK_MESSAGES.removeLabel(hook.url)));
    await click(buttonNamed(WEBHOOK_MESSAGES.confirmRemove));
    expect(actions.remove).toHaveBeenLastCalledWith({ id: hook.id });
    expect(text()).not.toContain(hook.url);
    expect(text()).toContain(WEBHOOK_MESSAGES.empty);
  });

  it('offers no form once the cap is reached', async () => {
    const full = Array.from({ length: WEBHOOK_ENDPOINTS_PER_USER_MAX }, (_, index) => endpoint(`7d0f6a2e-1111-4c1e-9a53-00000000001${index}`, `https://hooks.example.com/${index}`));
    await root.render(<WebhooksSection initialEndpoints={full} />);
    expect(text()).toContain(WEBHOOK_MESSAGES.tooMany);
    expect(() => buttonNamed(WEBHOOK_MESSAGES.add)).toThrow();
  });
});
