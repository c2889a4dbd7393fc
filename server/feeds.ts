import 'server-only';

import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';

import { AUTOMATIC_ALERT_TEXTS } from '@/lib/alerts';
import { BRAND_NAME } from '@/lib/constants';
import { ALERT_TYPE_LABELS, formatUsd } from '@/lib/format';

import { getConfig } from './config';
import { getDb } from './db/client';
import { projects, securityAlerts } from './db/schema';
import { getProject } from './projects';

/** How many alerts a feed carries, newest first: readers poll, so the window only needs to outlast their interval. */
export const FEED_ENTRY_LIMIT = 50;

const absolute = (path: string) => new URL(path, getConfig().siteUrl).toString();

async function publishedAlerts(projectId: string | null) {
  const db = await getDb();
  const conditions: SQL[] = [eq(securityAlerts.status, 'published'), or(isNull(securityAlerts.projectId), isNull(projects.hiddenAt))!];
  if (projectId) conditions.push(eq(securityAlerts.projectId, projectId));
  return db
    .select({
      id: securityAlerts.id,
      title: securityAlerts.title,
      type: securityAlerts.type,
      occurredAt: securityAlerts.occurredAt,
      publishedAt: securityAlerts.publishedAt,
      updatedAt: securityAlerts.updatedAt,
      amountLostUsd: securityAlerts.amountLostUsd,
      chain: securityAlerts.chain,
      description: securityAlerts.description,
      isDemo: securityAlerts.isDemo,
      origin: securityAlerts.origin,
      retractionReason: securityAlerts.retractionReason,
      retractedAt: securityAlerts.retractedAt,
      projectName: projects.name,
    })
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(and(...conditions))
    .orderBy(desc(securityAlerts.publishedAt), desc(securityAlerts.occurredAt))
    .limit(FEED_ENTRY_LIMIT);
}

/** One line a reader shows under the title: what, where, how much; demo, automatic and retracted rows say so. */
function summaryOf(alert: Awaited<ReturnType<typeof publishedAlerts>>[number]): string {
  const parts = [
    ALERT_TYPE_LABELS[alert.type] ?? alert.type,
    alert.origin === 'automatic' ? AUTOMATIC_ALERT_TEXTS.badge : null,
    alert.projectName,
    alert.chain,
    alert.amountLostUsd !== null ? `${formatUsd(alert.amountLostUsd)} lost` : null,
  ];
  const line = parts.filter(Boolean).join(' · ');
  const text = alert.description ? `${line}. ${alert.description}` : line;
  const marked = alert.retractedAt ? `${AUTOMATIC_ALERT_TEXTS.retractedNotice(alert.retractionReason ?? '')} ${text}` : text;
  return alert.isDemo ? `[Demo data] ${marked}` : marked;
}

/** Characters XML 1.0 allows in a document (its production Char); any other one makes the whole feed unreadable. */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

// Character references for what a parser would read as markup (the > too, or "]]>" in text is an error; quotes in
// attributes) and for the line ends and tabs it would otherwise normalise (CR to LF in text; CR, LF and tab to spaces
// in attributes).
const TEXT_REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_REFERENCES: Record<string, string> = { ...TEXT_REFERENCES, '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;' };

/**
 * Any text as XML character data that reads back as the same text: no CDATA, whose end an alert's own "]]>" would
 * forge. Characters XML 1.0 forbids (C0 controls but tab and line ends, lone surrogates, U+FFFE, U+FFFF) are left out.
 */
export function xmlEscape(text: string, { attribute = false }: { attribute?: boolean } = {}): string {
  const references = attribute ? ATTRIBUTE_REFERENCES : TEXT_REFERENCES;
  let escaped = '';
  // Iterating a string yields code points: a surrogate pair comes as one, a lone surrogate alone, and is dropped.
  for (const char of text) {
    if (isXmlChar(char.codePointAt(0)!)) escaped += references[char] ?? char;
  }
  return escaped;
}

/** An element: text only, other elements only, or empty (Atom mixes neither). */
type XmlElement = { name: string; attributes?: Record<string, string | undefined>; text?: string; children?: XmlElement[] };

/** One element as XML, indented four spaces a level as the feed always was; text is never re-indented. */
function serialize({ name, attributes = {}, text, children }: XmlElement, depth = 0): string {
  const indent = '    '.repeat(depth);
  const open = `${indent}<${name}${Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([attribute, value]) => ` ${attribute}="${xmlEscape(value, { attribute: true })}"`)
    .join('')}`;
  if (text !== undefined) return `${open}>${xmlEscape(text)}</${name}>`;
  if (!children?.length) return `${open}/>`;
  return [`${open}>`, ...children.map((child) => serialize(child, depth + 1)), `${indent}</${name}>`].join('\n');
}

/** An Atom text construct (RFC 4287 §3.1) as plain text: readers show its markup as written and never render it. */
const atomText = (name: string, text: string): XmlElement => ({ name, attributes: { type: 'text' }, text });

/** What an Atom document says; every string is text, escaped when written. */
export type AtomFeed = {
  id: string;
  title: string;
  subtitle: string;
  updated: Date;
  language: string;
  generator: string;
  rights: string;
  author: { name: string; uri: string };
  alternate: string;
  self: string;
  entries: AtomEntry[];
};

/** One alert as an Atom entry. */
export type AtomEntry = {
  id: string;
  title: string;
  link: string;
  updated: Date;
  summary: string;
  published: Date;
  categories: { term: string; label: string }[];
};

/** The Atom 1.0 document of a feed, its elements in the order readers have always been given them. */
export function atomDocument(feed: AtomFeed): string {
  const entries = feed.entries.map(
    (entry): XmlElement => ({
      name: 'entry',
      children: [
        atomText('title', entry.title),
        { name: 'id', text: entry.id },
        { name: 'link', attributes: { href: entry.link } },
        { name: 'updated', text: entry.updated.toISOString() },
        atomText('summary', entry.summary),
        ...entry.categories.map((category): XmlElement => ({ name: 'category', attributes: { label: category.label, term: category.term } })),
        { name: 'published', text: entry.published.toISOString() },
      ],
    }),
  );
  const root: XmlElement = {
    name: 'feed',
    attributes: { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': feed.language },
    children: [
      { name: 'id', text: feed.id },
      atomText('title', feed.title),
      { name: 'updated', text: feed.updated.toISOString() },
      { name: 'generator', text: feed.generator },
      { name: 'author', children: [{ name: 'name', text: feed.author.name }, { name: 'uri', text: feed.author.uri }] },
      { name: 'link', attributes: { rel: 'alternate', href: feed.alternate } },
      { name: 'link', attributes: { rel: 'self', href: feed.self } },
      atomText('subtitle', feed.subtitle),
      atomText('rights', feed.rights),
      ...entries,
    ],
  };
  return `<?xml version="1.0" encoding="utf-8"?>\n${serialize(root)}\n`;
}

/**
 * The Atom 1.0 feed of published alerts: every project's, or one project's (null when that project is unknown or
 * hidden). Entries are updated when an alert is corrected, so readers see the correction.
 */
export async function alertsAtomFeed(projectId: string | null = null): Promise<string | null> {
  const project = projectId ? await getProject(projectId) : null;
  if (projectId && !project) return null;
  const alerts = await publishedAlerts(projectId);
  const pagePath = project ? `/projects/${project.id}` : '/';
  const feedPath = project ? `/projects/${project.id}/feed.xml` : '/alerts/feed.xml';
  return atomDocument({
    id: absolute(feedPath),
    title: project ? `${project.name} security alerts · ${BRAND_NAME}` : `Security alerts · ${BRAND_NAME}`,
    subtitle: project ? `Security alerts and incidents ${BRAND_NAME} published about ${project.name}.` : `Every security alert and incident ${BRAND_NAME} published.`,
    // A feed with no entry still needs a stable date: the epoch says "nothing yet" without changing on every poll.
    updated: alerts.reduce<Date>((latest, alert) => (alert.updatedAt > latest ? alert.updatedAt : latest), new Date(0)),
    language: 'en',
    generator: BRAND_NAME,
    rights: BRAND_NAME,
    author: { name: BRAND_NAME, uri: absolute('/') },
    alternate: absolute(pagePath),
    self: absolute(feedPath),
    entries: alerts.map((alert) => {
      const url = absolute(`/alerts/${alert.id}`);
      return {
        // A retracted alert stays in the feed, marked, so a reader who saw it learns it was withdrawn (its update time moves).
        title: alert.retractedAt ? `[${AUTOMATIC_ALERT_TEXTS.retractedBadge}] ${alert.title}` : alert.title,
        id: url,
        link: url,
        updated: alert.updatedAt,
        summary: summaryOf(alert),
        published: alert.publishedAt ?? alert.occurredAt,
        categories: [{ label: ALERT_TYPE_LABELS[alert.type] ?? alert.type, term: alert.type }],
      };
    }),
  });
}

/** The answer of a feed route: Atom's media type, cached briefly by readers and proxies. */
export function atomResponse(xml: string): Response {
  return new Response(xml, { headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'public, max-age=60' } });
}
