import type { Metadata } from 'next';
import { Suspense } from 'react';

import { AuthPage } from '@/components/auth/auth-page';

export const metadata: Metadata = { title: 'Sign up', description: 'Create a free Sentinel Shield account to keep watchlists of the projects you follow.' };

export default function SignupPage() {
  return (
    <Suspense>
      <AuthPage initialStep="signup" />
    </Suspense>
  );
}
