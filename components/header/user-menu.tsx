'use client';

import { ChevronDown } from 'lucide';
import Link from 'next/link';

import { Icon } from '@/components/ui/icon';
import { UserAvatar, type AvatarUser } from '@/components/auth/user-avatar';
import { useSignOut } from '@/components/auth/use-sign-out';
import { useFeatureFlag } from '@/components/chrome/public-config';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ACCOUNT_LINKS } from '@/lib/navigation';
import { TOUR_START_HREF } from '@/lib/tour-link';

/** The signed-in avatar menu of SPEC §2. */
export function UserMenu({ user }: { user: AvatarUser }) {
  const portfolio = useFeatureFlag('portfolio');
  const signOut = useSignOut();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="inline-flex items-center gap-1 rounded-full p-0.5 text-navy-foreground focus-visible:ring-2 focus-visible:ring-white/60 focus-visible:outline-none"
      >
        <UserAvatar user={user} />
        <Icon node={ChevronDown} className="size-4 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid">
          <span className="truncate">{user.username ?? user.email}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={ACCOUNT_LINKS.settings.href}>{ACCOUNT_LINKS.settings.label}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={ACCOUNT_LINKS.watchlists.href}>{ACCOUNT_LINKS.watchlists.label}</Link>
        </DropdownMenuItem>
        {portfolio ? (
          <DropdownMenuItem asChild>
            <Link href={ACCOUNT_LINKS.portfolio.href} className="justify-between">
              {ACCOUNT_LINKS.portfolio.label}
              <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[10px] font-semibold text-amber-900 uppercase">Work in progress</span>
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link href={TOUR_START_HREF}>Guided Tour</Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>Sign out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
