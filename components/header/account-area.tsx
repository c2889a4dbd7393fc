'use client';

import { useSetAtom } from 'jotai';
import { useSession } from '@/components/auth/session';
import Link from 'next/link';

import { authModalAtom } from '@/components/auth/atoms';
import { preloadAuthModal } from '@/components/auth/auth-modal-trigger';
import { loadOnUse } from '@/components/chrome/load-on-use';
import { Button, buttonVariants } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import { CHROME_TEXTS } from '@/lib/messages/chrome';

// The avatar menu (a Radix dropdown) loads only for signed-in visitors.
const UserMenu = loadOnUse(() => import('./user-menu').then((module) => module.UserMenu), { fallback: <AccountPlaceholder />, browserOnly: true });

/** Holds the account area's place on the navy bar while the session or the menu loads. */
function AccountPlaceholder({ className }: { className?: string }) {
  return <div data-slot="skeleton" aria-label="Loading account" className={cx('h-9 w-40 animate-pulse rounded-md bg-white/10', className)} />;
}

/**
 * Log In and Sign Up for signed-out visitors. Large screens open the auth modal; smaller screens go to the
 * auth pages (both are rendered and CSS picks one, so nothing depends on measuring the window).
 */
export function SignedOutActions({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  const openModal = useSetAtom(authModalAtom);
  const ghost = tone === 'dark' ? 'navyGhost' : 'ghost';
  return (
    <div className={cx('flex items-center gap-2', className)}>
      <Button variant={ghost} className="max-lg:hidden" onPointerEnter={preloadAuthModal} onFocus={preloadAuthModal} onClick={() => openModal('login')}>
        {CHROME_TEXTS.logIn}
      </Button>
      <Button variant="secondary" className="max-lg:hidden" onPointerEnter={preloadAuthModal} onFocus={preloadAuthModal} onClick={() => openModal('signup')}>
        {CHROME_TEXTS.signUp}
      </Button>
      <Link href="/auth/login" className={cx(buttonVariants({ variant: ghost }), 'lg:hidden')}>
        {CHROME_TEXTS.logIn}
      </Link>
      <Link href="/auth/signup" className={cx(buttonVariants({ variant: 'secondary' }), 'lg:hidden')}>
        {CHROME_TEXTS.signUp}
      </Link>
    </div>
  );
}

/** The header's account area: a placeholder while the session loads, then the avatar menu or Log In / Sign Up. */
export function AccountArea({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  const { data, status } = useSession();
  if (status === 'loading') return <AccountPlaceholder className={className} />;
  if (status === 'authenticated' && data.user?.email) {
    const user = data.user as { email: string; username?: string | null; image?: string | null; avatarVersion?: number | null };
    return (
      <div className={className}>
        <UserMenu user={{ email: user.email, username: user.username ?? null, image: user.image ?? null, avatarVersion: user.avatarVersion ?? null }} />
      </div>
    );
  }
  return <SignedOutActions tone={tone} className={className} />;
}
