import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiKeysSection } from '@/components/settings/api-keys-section';
import { API_KEY_MESSAGES, API_KEYS_PER_USER_MAX, type ApiKeyItem } from '@/lib/api-keys';

import { buttonNamed, controlLabelled, createTestRoot, fillControl, settle as settleRounds } from '../support/render';

const actions = vi.hoisted(() => ({ create: vi.fn(), revoke: vi.fn() }));
vi.mock('@/actions/settings/api-key-create', () => ({ createApiKeyAction: actions.create }));
vi.mock('@/actions/settings/api-key-revoke', () => ({ revokeApiKeyAction: actions.revoke }));
const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));

const root = createTestRoot();
const settle = () => settleRounds(10);

const item = (id: string, name: string, lastUsedAt: string | null = null): ApiKeyItem => ({ id, name, displayPrefix: 'ssk_AbCdEfGh', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt });
const ci = item('7d0f6a2e-2222-4c1e-9a53-000000000001', 'CI job', '2026-11-21T09:30:00.000Z');

const nameField = () => controlLabelled<HTMLInputElement>(root.container, API_KEY_MESSAGES.nameLabel);
const text = () => root.container.textContent ?? '';
const labelled = (label: string) => root.container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const click = async (button: HTMLButtonElement) => {
  await act(async () => button.click());
  await settle();
};

beforeEach(() => vi.clearAllMocks());

describe('the API keys section in Settings', () => {
  it('lists each key: name, prefix, created and last used (or never)', async () => {
    await root.render(<ApiKeysSection initialKeys={[ci, item('7d0f6a2e-2222-4c1e-9a53-000000000002', 'Unused')]} />);
    const rows = [...root.container.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['CI job', 'ssk_AbCdEfGh…', '20 Nov 2026, 10:00 UTC', '21 Nov 2026, 09:30 UTC'],
      ['Unused', 'ssk_AbCdEfGh…', '20 Nov 2026, 10:00 UTC', API_KEY_MESSAGES.neverUsed],
    ]);
  });

  it('refuses an over-long name in the browser without calling the server', async () => {
    await root.render(<ApiKeysSection initialKeys={[]} />);
    await fillControl(nameField(), 'x'.repeat(61));
    await click(buttonNamed(API_KEY_MESSAGES.create));
    expect(actions.create).not.toHaveBeenCalled();
    expect(text()).toContain(API_KEY_MESSAGES.nameTooLong);
  });

  it('creates a key, shows it once with a copy button, and lists it', async () => {
    const key = `ssk_${'k'.repeat(32)}`;
    actions.create.mockResolvedValue({ data: { key, keyId: ci.id, keys: [ci] } });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await root.render(<ApiKeysSection initialKeys={[]} />);
    await fillControl(nameField(), ' CI job ');
    await click(buttonNamed(API_KEY_MESSAGES.create));
    expect(actions.create).toHaveBeenCalledWith({ name: 'CI job' });
    expect(text()).toContain(key);
    expect(text()).toContain(API_KEY_MESSAGES.keyOnce);
    await click(buttonNamed(API_KEY_MESSAGES.copy));
    expect(writeText).toHaveBeenCalledWith(key);
    await click(buttonNamed(API_KEY_MESSAGES.dismissKey));
    expect(text()).not.toContain(key);
    expect(text()).toContain('CI job');
  });

  it('shows the server’s refusal under the name and stores nothing', async () => {
    actions.create.mockResolvedValue({ serverError: API_KEY_MESSAGES.tooMany });
    await root.render(<ApiKeysSection initialKeys={[]} />);
    await fillControl(nameField(), 'Another');
    await click(buttonNamed(API_KEY_MESSAGES.create));
    expect(text()).toContain(API_KEY_MESSAGES.tooMany);
    expect(text()).toContain(API_KEY_MESSAGES.empty);
  });

  it('revokes only after confirming', async () => {
    actions.revoke.mockResolvedValue({ data: { keys: [] } });
    await root.render(<ApiKeysSection initialKeys={[ci]} />);
    await click(labelled(API_KEY_MESSAGES.revokeLabel('CI job')));
    expect(text()).toContain(API_KEY_MESSAGES.revokeQuestion);
    await click(buttonNamed(API_KEY_MESSAGES.cancel));
    expect(actions.revoke).not.toHaveBeenCalled();
    await click(labelled(API_KEY_MESSAGES.revokeLabel('CI job')));
    await click(buttonNamed(API_KEY_MESSAGES.confirmRevoke));
    expect(actions.revoke).toHaveBeenCalledWith({ id: ci.id });
    expect(text()).toContain(API_KEY_MESSAGES.empty);
    expect(toastMock.success).toHaveBeenCalledWith(API_KEY_MESSAGES.revoked);
  });

  it('offers no form at the cap', async () => {
    const full = Array.from({ length: API_KEYS_PER_USER_MAX }, (_, index) => item(`7d0f6a2e-2222-4c1e-9a53-0000000000${10 + index}`, `key ${index}`));
    await root.render(<ApiKeysSection initialKeys={full} />);
    expect(text()).toContain(API_KEY_MESSAGES.tooMany);
    expect(root.container.querySelector('form')).toBeNull();
  });
});
