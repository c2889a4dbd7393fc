import Link from 'next/link';

import { NavSearch } from '@/components/search/nav-search';
import { COMPANY_LINKS, INCIDENTS_LINK, PRODUCT_LINKS } from '@/lib/navigation';

import { AccountArea } from './account-area';
import { Logo } from './logo';
import { MobileDrawerTrigger } from './mobile-drawer-trigger';
import { NavMenu } from './nav-menu';
import { NotificationBell } from './notification-bell';
import { QuoteDialogTrigger } from './quote-dialog-trigger';

export type Announcement = { content: string; linkText: string | null; link: string | null };

function AnnouncementBanner({ announcement }: { announcement: Announcement }) {
  return (
    <div className="bg-primary px-4 py-2 text-center text-sm text-primary-foreground">
      <span>{announcement.content}</span>
      {announcement.link && announcement.linkText ? (
        <>
          {' '}
          <Link href={announcement.link} className="font-semibold underline underline-offset-4">
            {announcement.linkText}
          </Link>
        </>
      ) : null}
    </div>
  );
}

const topLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-navy-foreground/90 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-white/40 focus-visible:outline-none';

/** The fixed site header (hidden on the home layout): a server component; search, menus and account are client leaves. */
export function Header({ announcement, quoteEmbedUrl }: { announcement: Announcement | null; quoteEmbedUrl: string | null }) {
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 bg-navy text-navy-foreground shadow-md">
        {announcement ? <AnnouncementBanner announcement={announcement} /> : null}
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
          <Logo className="text-white" />
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            <NavMenu label="Products" links={PRODUCT_LINKS} />
            <Link href={INCIDENTS_LINK.href} className={topLinkClass}>
              {INCIDENTS_LINK.label}
            </Link>
            <Link href="/resources/blog" className={topLinkClass}>
              Resources
            </Link>
            <NavMenu label="Company" links={COMPANY_LINKS} />
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <NavSearch className="hidden md:block" />
            <QuoteDialogTrigger embedUrl={quoteEmbedUrl} />
            <NotificationBell />
            <AccountArea className="max-lg:hidden lg:flex" />
            <MobileDrawerTrigger />
          </div>
        </div>
      </header>
      {/* Keeps page content clear of the fixed header. */}
      <div aria-hidden className={announcement ? 'h-[6.25rem]' : 'h-16'} />
    </>
  );
}
