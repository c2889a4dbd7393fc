import Link from 'next/link';
import QRCode from 'qrcode';

import { Logo } from '@/components/header/logo';
import { BRAND_NAME } from '@/lib/constants';
import { CHAT_APP, COMPANY_LINKS, PRODUCT_LINKS, RESOURCE_LINKS, SOCIAL_LINKS, type NavLink } from '@/lib/navigation';

import { ChatQr } from './chat-qr';
import { SocialIcon } from './social-icon';

function LinkGroup({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-3 grid gap-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="text-navy-foreground/75 hover:text-white focus-visible:underline focus-visible:outline-none">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The site footer: link groups, socials and the copyright line with the current year. */
export async function Footer() {
  const qrSvg = await QRCode.toString(CHAT_APP.qrValue, { type: 'svg', margin: 1 });
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-navy text-navy-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Logo className="text-white" />
          <p className="mt-3 text-sm text-navy-foreground/75">Security information for every blockchain project, open to everyone.</p>
        </div>
        <LinkGroup title="Products" links={PRODUCT_LINKS} />
        <LinkGroup title="Resources" links={RESOURCE_LINKS} />
        <LinkGroup title="Company" links={COMPANY_LINKS} />
        <div>
          <h2 className="text-sm font-semibold text-white">Socials</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.label}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white/50 focus-visible:outline-none"
                >
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
            <li>
              <ChatQr label={CHAT_APP.label} svg={qrSvg} />
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-navy-foreground/70">
          © {year} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
