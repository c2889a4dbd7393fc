// No state of its own: the step and its changes come from the modal or the page that shows it.

import type { AuthStep } from './atoms';
import { LoginForm, SignupForm } from './login-signup-forms';
import { ForgotPasswordForm, ResetPasswordForm } from './password-reset-forms';
import { VerifyEmailForm } from './login-signup-forms';

export const AUTH_STEP_TITLES: Record<AuthStep, string> = {
  login: 'Log In',
  signup: 'Create your account',
  'forgot-password': 'Forgot password',
  'reset-forgotten-password': 'Choose a new password',
  'verify-email': 'Verify your email',
};

type Props = { step: AuthStep; go: (step: AuthStep) => void; onSignedIn: () => void };

/** One step of the auth flow (SPEC §4), shared by the modal and the auth pages. */
export function AuthFlow({ step, go, onSignedIn }: Props) {
  switch (step) {
    case 'login':
      return <LoginForm go={go} onSignedIn={onSignedIn} />;
    case 'signup':
      return <SignupForm go={go} />;
    case 'forgot-password':
      return <ForgotPasswordForm go={go} />;
    case 'reset-forgotten-password':
      return <ResetPasswordForm go={go} onSignedIn={onSignedIn} />;
    case 'verify-email':
      return <VerifyEmailForm go={go} onSignedIn={onSignedIn} />;
  }
}
