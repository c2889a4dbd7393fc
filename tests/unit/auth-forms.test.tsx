import { Provider } from 'jotai';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { SignupForm } from '@/components/auth/login-signup-forms';
import { AUTH_MESSAGES } from '@/lib/messages/auth';

import { createTestRoot, settle as settleRounds, typeInto } from '../support/render';

// The sign-up action, answering with a promise the test settles when it wants.
const { signUpMock } = vi.hoisted(() => ({ signUpMock: vi.fn() }));
vi.mock('@/actions/auth/sign-up', () => ({ signUpAction: signUpMock }));
// The forms' module holds the verify step too; its actions are not used here. No Google provider is listed.
vi.mock('@/actions/auth/verify-email', () => ({ verifyEmailAction: vi.fn() }));
vi.mock('@/actions/auth/resend-confirmation', () => ({ resendConfirmationAction: vi.fn() }));
vi.mock('next-auth/react', () => ({ getProviders: async () => null, signIn: vi.fn() }));

const root = createTestRoot();
const go = vi.fn();

const input = (label: string) => [...root.container.querySelectorAll('label')].find((l) => l.textContent === label)!.control as HTMLInputElement;
const submitButton = () => [...root.container.querySelectorAll('button[type="submit"]')][0] as HTMLButtonElement;
// react-hook-form validates asynchronously: a few more rounds than the default.
const settle = () => settleRounds(10);

async function type(element: HTMLInputElement, value: string) {
  await typeInto(element, value);
  await settle();
}

async function tick(box: HTMLInputElement) {
  await act(async () => box.click());
  await settle();
}

beforeEach(async () => {
  vi.clearAllMocks();
  await root.render(<Provider><SignupForm go={go} /></Provider>);
  await settle();
});

describe('sign-up form', () => {
  it('shows a field message once the field changed, and enables Sign Up only when all is valid and the box is ticked', async () => {
    expect(submitButton().disabled).toBe(true);
    expect(root.container.textContent).not.toContain(AUTH_MESSAGES.invalidEmail);
    await type(input('Email'), 'not-an-email');
    expect(root.container.textContent).toContain(AUTH_MESSAGES.invalidEmail);
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(root.container.textContent).not.toContain(AUTH_MESSAGES.passwordRequirements);

    await type(input('Email'), 'ada@example.com');
    await type(input('Password'), 'abcdefghij');
    expect(root.container.textContent).toContain(AUTH_MESSAGES.passwordRequirements);
    await type(input('Password'), 'abcdefgh12');
    expect(submitButton().disabled).toBe(true);
    await tick(root.container.querySelector('input[type="checkbox"]')!);
    expect(submitButton().disabled).toBe(false);
  });

  it('a double submit reaches the action once; a taken email is shown on the email field', async () => {
    let answer!: (value: unknown) => void;
    signUpMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await type(input('Email'), ' ada@example.com ');
    await type(input('Password'), 'abcdefgh12');
    await tick(root.container.querySelector('input[type="checkbox"]')!);

    const form = root.container.querySelector('form')!;
    await act(async () => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await settle();
    expect(signUpMock).toHaveBeenCalledTimes(1);
    expect(signUpMock).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'abcdefgh12', acceptTerms: true });
    expect(submitButton().textContent).toBe('Creating account…');

    await act(async () => answer({ serverError: 'UsernameExistsException' }));
    await settle();
    expect(root.container.textContent).toContain(AUTH_MESSAGES.emailTaken);
    expect(input('Email').getAttribute('aria-invalid')).toBe('true');
    expect(root.container.querySelector('[role="alert"]')).toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  it('another refusal shows its SPEC §8 message in the alert; success moves on to verify-email', async () => {
    signUpMock.mockResolvedValueOnce({ serverError: 'LimitExceededException' }).mockResolvedValueOnce({ data: { ok: true } });
    await type(input('Email'), 'ada@example.com');
    await type(input('Password'), 'abcdefgh12');
    await tick(root.container.querySelector('input[type="checkbox"]')!);

    await act(async () => root.container.querySelector('form')!.requestSubmit());
    await settle();
    expect(root.container.querySelector('[role="alert"]')!.textContent).toBe(AUTH_MESSAGES.attemptLimit);

    await act(async () => root.container.querySelector('form')!.requestSubmit());
    await settle();
    expect(go).toHaveBeenCalledWith('verify-email');
  });
});
