import { Provider } from 'jotai';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { VerifyEmailForm } from '@/components/auth/login-signup-forms';

import { buttonNamed, createTestRoot, settle, typeInto } from '../support/render';

// Texts and numbers here are SPEC §4, §5, §8 and §9's, written out so a drift in the catalogue or constants fails.

const { verifyMock, resendMock, toastMock } = vi.hoisted(() => ({
  verifyMock: vi.fn(),
  resendMock: vi.fn(),
  toastMock: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('@/actions/auth/verify-email', () => ({ verifyEmailAction: verifyMock }));
vi.mock('@/actions/auth/resend-confirmation', () => ({ resendConfirmationAction: resendMock }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));
// The verify step shares its module with the login and sign-up forms, whose action is not used here.
vi.mock('@/actions/auth/sign-up', () => ({ signUpAction: vi.fn() }));

const root = createTestRoot();

const field = (label: string) => [...root.container.querySelectorAll('label')].find((element) => element.textContent === label)!.control as HTMLInputElement;
/** The resend button, whatever its countdown says. */
const resendButton = () => [...root.container.querySelectorAll('button')].find((button) => button.textContent?.startsWith('Resend'))!;
const passSeconds = (seconds: number) => act(async () => vi.advanceTimersByTime(seconds * 1000));

beforeEach(async () => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  await root.render(
    <Provider>
      <VerifyEmailForm go={vi.fn()} onSignedIn={vi.fn()} />
    </Provider>,
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the verify-email form', () => {
  it('enables Verify only once the code has all 6 digits', async () => {
    await typeInto(field('Email'), 'ada@example.com');
    await typeInto(field('Verification code'), '12345');
    await settle();
    expect(buttonNamed('Verify').disabled).toBe(true);
    await typeInto(field('Verification code'), '123456');
    await settle();
    expect(buttonNamed('Verify').disabled).toBe(false);
  });

  it('offers Resend only for a valid email', async () => {
    expect(resendButton().disabled).toBe(true);
    await typeInto(field('Email'), 'ada@example');
    expect(resendButton().disabled).toBe(true);
    await typeInto(field('Email'), 'ada@example.com');
    expect(resendButton().disabled).toBe(false);
  });

  it('after a resend, names the address and counts 60 seconds down on the button before it can be used again', async () => {
    resendMock.mockResolvedValue({ data: { ok: true } });
    await typeInto(field('Email'), 'ada@example.com');
    await act(async () => resendButton().click());
    await settle();

    expect(resendMock).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(toastMock.success).toHaveBeenCalledWith('Confirmation code was sent to ada@example.com.');
    expect(resendButton().textContent).toBe('Resend (60s)');
    expect(resendButton().disabled).toBe(true);

    await passSeconds(59);
    expect(resendButton().textContent).toBe('Resend (1s)');
    expect(resendButton().disabled).toBe(true);
    await passSeconds(1);
    expect(resendButton().textContent).toBe('Resend');
    expect(resendButton().disabled).toBe(false);
  });

  it('shows a refused resend in the alert and starts no countdown', async () => {
    resendMock.mockResolvedValue({ serverError: 'LimitExceededException' });
    await typeInto(field('Email'), 'ada@example.com');
    await act(async () => resendButton().click());
    await settle();

    expect(root.container.querySelector('[role="alert"]')?.textContent).toBe('Attempt limit exceeded, please try after some time.');
    expect(toastMock.success).not.toHaveBeenCalled();
    expect(resendButton().textContent).toBe('Resend');
  });
});
