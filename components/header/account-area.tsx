'use client';

import { useSetAtom } from 'jotai';
import Link from 'next/link';

import { authModalAtom } from '@/components/auth/atoms';
import { Button } from '@/components/ui/button';
import { CHROME_TEXTS } from '@/lib/messages';
import { cn } from '@/lib/utils';

/**
 * Log In and Sign Up for signed-out visitors. Large screens open the auth modal; smaller screens go to the
 * auth pages (both are rendered and CSS picks one, so nothing depends on measuring the window).
 */
export function SignedOutActions({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  const openModal = useSetAtom(authModalAtom);
  const ghost = tone === 'dark' ? 'text-navy-foreground hover:bg-white/10 hover:text-white' : '';
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Button variant="ghost" className={cn('hidden lg:inline-flex', ghost)} onClick={() => openModal('login')}>
        {CHROME_TEXTS.logIn}
      </Button>
      <Button variant="secondary" className="hidden lg:inline-flex" onClick={() => openModal('signup')}>
        {CHROME_TEXTS.signUp}
      </Button>
      <Button asChild variant="ghost" className={cn('lg:hidden', ghost)}>
        <Link href="/auth/login">{CHROME_TEXTS.logIn}</Link>
      </Button>
      <Button asChild variant="secondary" className="lg:hidden">
        <Link href="/auth/signup">{CHROME_TEXTS.signUp}</Link>
      </Button>
    </div>
  );
}
