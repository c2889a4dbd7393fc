import { RESEND_COOLDOWN_SECONDS } from '@/lib/constants';

/**
 * How every auth form validates (SPEC §5): a field's message shows once it has been changed, submit is enabled
 * only while the whole form is valid, and focus stays where the user left it.
 */
export const AUTH_FORM_OPTIONS = { mode: 'onChange', shouldFocusError: false } as const;

/** When the resend button may be used again, counted from now (SPEC §4: 60 s after a code was mailed). */
export function resendCooldownEnd(): number {
  return Date.now() + RESEND_COOLDOWN_SECONDS * 1000;
}
