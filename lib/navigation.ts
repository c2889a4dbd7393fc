/** The site's menus, shared by the header, the mobile drawer, the footer and the sitemap. */

export type NavLink = { label: string; href: string; description?: string };

export const PRODUCT_LINKS: NavLink[] = [
  { label: 'Security Audit', href: '/products/security-audit', description: 'Line-by-line smart contract review by our auditors.' },
  { label: 'Skynet', href: '/products/skynet', description: 'Security scores and on-chain monitoring for every project.' },
  { label: 'SkyTrace', href: '/products/skytrace', description: 'Trace stolen funds across wallets, bridges and chains.' },
  { label: 'Penetration Testing', href: '/products/pentest', description: 'Attack your web apps, APIs and infrastructure before others do.' },
];

export const RESOURCE_LINKS: NavLink[] = [
  { label: 'Blog', href: '/resources/blog' },
  { label: 'Score methodology', href: '/resources/methodology' },
  { label: 'Security leaderboard', href: '/projects' },
  { label: 'Developers: public API', href: '/developers' },
  { label: 'Skynet status', href: '/status' },
];

/** The incident database (#21): a top-level link in the header, first under Resources in the mobile drawer. */
export const INCIDENTS_LINK: NavLink = { label: 'Incidents', href: '/alerts', description: 'Every security alert and incident we published, with totals and sources.' };

export const COMPANY_LINKS: NavLink[] = [
  { label: 'About', href: '/company/about' },
  { label: 'Careers', href: '/company/careers' },
  { label: 'Disclaimer', href: '/company/disclaimer' },
  { label: 'Terms and Conditions', href: '/company/terms-and-conditions' },
  { label: 'Privacy Policy', href: '/company/privacy-policy' },
  { label: 'Cookie Policy', href: '/company/cookie-policy' },
];

export const ACCOUNT_LINKS = {
  settings: { label: 'Account Settings', href: '/my/settings' },
  watchlists: { label: 'Watchlists', href: '/my/watchlists' },
  portfolio: { label: 'Portfolio', href: '/my/portfolio' },
} as const;

/** The provider's public accounts; the chat app is offered as a QR code rather than a link. */
export const SOCIAL_LINKS = [
  { network: 'X', label: 'X (Twitter)', href: 'https://x.com/sentinelshield' },
  { network: 'Telegram', label: 'Telegram', href: 'https://t.me/sentinelshield' },
  { network: 'YouTube', label: 'YouTube', href: 'https://www.youtube.com/@sentinelshield' },
  { network: 'Medium', label: 'Medium', href: 'https://medium.com/@sentinelshield' },
  { network: 'LinkedIn', label: 'LinkedIn', href: 'https://www.linkedin.com/company/sentinelshield' },
] as const;

export const CHAT_APP = { label: 'WeChat', qrValue: 'https://sentinelshield.example/wechat' } as const;
