'use client';

import { useSession } from '@/components/auth/session';
import Link from 'next/link';

import { useSignOut } from '@/components/auth/use-sign-out';
import { useFeatureFlag } from '@/components/chrome/public-config';
import { ProjectSearch } from '@/components/search/project-search';
import { Button, buttonVariants } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { CHROME_TEXTS } from '@/lib/messages/chrome';
import { ACCOUNT_LINKS, COMPANY_LINKS, INCIDENTS_LINK, PRODUCT_LINKS, RESOURCE_LINKS, type NavLink } from '@/lib/navigation';

import { Logo } from './logo';

function LinkGroup({ title, links, onNavigate }: { title: string; links: NavLink[]; onNavigate: () => void }) {
  return (
    <nav aria-label={title} className="grid gap-1">
      <h2 className="px-2 text-xs font-semibold tracking-widest text-muted-foreground uppercase">{title}</h2>
      <ul className="grid">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} onClick={onNavigate} className="block rounded-md px-2 py-2 font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The mobile menu's drawer: full height from the top, with search, the menus and the account actions. */
export function MobileDrawer({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => setOpen(false);
  const { status } = useSession();
  const portfolio = useFeatureFlag('portfolio');
  const signOut = useSignOut();
  const accountLinks: NavLink[] = [
    ACCOUNT_LINKS.settings,
    ACCOUNT_LINKS.watchlists,
    ...(portfolio ? [{ ...ACCOUNT_LINKS.portfolio, label: `${ACCOUNT_LINKS.portfolio.label} (work in progress)` }] : []),
    { label: 'Guided Tour', href: '/?tour=true' },
  ];
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent side="top" className="h-dvh overflow-y-auto">
        <SheetHeader>
          <SheetTitle asChild>
            <div>
              <Logo />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">Site menu</SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 px-4 pb-8">
          <ProjectSearch context="main-search" onChosen={close} openOnFocus={false} />
          <LinkGroup title="Products" links={PRODUCT_LINKS} onNavigate={close} />
          <LinkGroup title="Resources" links={[INCIDENTS_LINK, ...RESOURCE_LINKS]} onNavigate={close} />
          <LinkGroup title="Company" links={COMPANY_LINKS} onNavigate={close} />
          {status === 'authenticated' ? (
            <div className="grid gap-3">
              <LinkGroup title="Account" links={accountLinks} onNavigate={close} />
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                Sign out
              </Button>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <Link href="/auth/login" onClick={close} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                {CHROME_TEXTS.logIn}
              </Link>
              <Link href="/auth/signup" onClick={close} className={buttonVariants({ size: 'lg' })}>
                {CHROME_TEXTS.signUp}
              </Link>
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
