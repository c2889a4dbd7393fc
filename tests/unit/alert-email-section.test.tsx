import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AlertEmailSection } from '@/components/settings/alert-email-section';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';

import { createTestRoot, settle } from '../support/render';

const { updateMock, toastMock } = vi.hoisted(() => ({ updateMock: vi.fn(), toastMock: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@/actions/settings/update-alert-email', () => ({ updateAlertEmailAction: updateMock }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));

const root = createTestRoot();

const radio = (label: string) => [...root.container.querySelectorAll('label')].find((element) => element.textContent === label)!.querySelector('input')!;
const choose = async (label: string) => {
  await act(async () => radio(label).click());
  await settle(10);
};

beforeEach(() => vi.clearAllMocks());

describe('the alert e-mail choice in Settings', () => {
  it('shows the stored choice and saves a new one at once', async () => {
    updateMock.mockResolvedValue({ data: { alertEmail: 'off' } });
    await root.render(<AlertEmailSection initialChoice="immediate" />);
    expect(radio(NOTIFICATION_MESSAGES.emailChoiceLabels.immediate).checked).toBe(true);
    await choose(NOTIFICATION_MESSAGES.emailChoiceLabels.off);
    expect(updateMock).toHaveBeenCalledWith({ alertEmail: 'off' });
    expect(radio(NOTIFICATION_MESSAGES.emailChoiceLabels.off).checked).toBe(true);
    expect(toastMock.success).toHaveBeenCalledWith(NOTIFICATION_MESSAGES.emailSettingSaved);
  });

  it('offers the three choices, the daily digest among them, and saves the digest', async () => {
    updateMock.mockResolvedValue({ data: { alertEmail: 'digest' } });
    await root.render(<AlertEmailSection initialChoice="off" />);
    const labels = [...root.container.querySelectorAll('label')].map((element) => element.textContent);
    expect(labels).toEqual([NOTIFICATION_MESSAGES.emailChoiceLabels.immediate, NOTIFICATION_MESSAGES.emailChoiceLabels.digest, NOTIFICATION_MESSAGES.emailChoiceLabels.off]);
    await choose(NOTIFICATION_MESSAGES.emailChoiceLabels.digest);
    expect(updateMock).toHaveBeenCalledWith({ alertEmail: 'digest' });
    expect(radio(NOTIFICATION_MESSAGES.emailChoiceLabels.digest).checked).toBe(true);
    expect(radio(NOTIFICATION_MESSAGES.emailChoiceLabels.off).checked).toBe(false);
  });

  it('goes back to the stored choice and says why when the server refuses', async () => {
    updateMock.mockResolvedValue({ serverError: 'Please log in first.' });
    await root.render(<AlertEmailSection initialChoice="immediate" />);
    await choose(NOTIFICATION_MESSAGES.emailChoiceLabels.off);
    expect(radio(NOTIFICATION_MESSAGES.emailChoiceLabels.immediate).checked).toBe(true);
    expect(toastMock.error).toHaveBeenCalledWith('Please log in first.');
  });
});
