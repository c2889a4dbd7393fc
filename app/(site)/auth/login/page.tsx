import type { Metadata } from 'next';
import { Suspense } from 'react';

import { AuthPage } from '@/components/auth/auth-page';

export const metadata: Metadata = { title: 'Log in', description: 'Log in to your Sentinel Shield account to keep watchlists and settings.' };

export default function LoginPage() {
  return (
    <Suspense>
      <AuthPage initialStep="login" />
    </Suspense>
  );
}
