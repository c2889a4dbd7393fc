'use client';

import { signOut } from 'next-auth/react';
import { usePathname, useRouter } from 'next/navigation';

import { refreshSession } from '@/components/auth/session';
import { toast } from '@/components/chrome/toast';
import { AUTH_MESSAGES } from '@/lib/messages/auth';

/** Signs out without leaving the page (or leaves a private /my page) and says how it went. */
export function useSignOut() {
  const router = useRouter();
  const pathname = usePathname();
  return async () => {
    try {
      await signOut({ redirect: false });
      await refreshSession();
      toast.success(AUTH_MESSAGES.signedOut);
      if (pathname.startsWith('/my')) router.push('/');
      router.refresh();
    } catch {
      toast.error(AUTH_MESSAGES.signOutFailed);
    }
  };
}
