import 'server-only';

import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { Feed } from 'feed';

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
  const feed = new Feed({
    title: project ? `${project.name} security alerts · ${BRAND_NAME}` : `Security alerts · ${BRAND_NAME}`,
    description: project ? `Security alerts and incidents ${BRAND_NAME} published about ${project.name}.` : `Every security alert and incident ${BRAND_NAME} published.`,
    id: absolute(feedPath),
    link: absolute(pagePath),
    language: 'en',
    copyright: `${BRAND_NAME}`,
    generator: BRAND_NAME,
    // A feed with no entry still needs a stable date: the epoch says "nothing yet" without changing on every poll.
    updated: alerts.reduce<Date>((latest, alert) => (alert.updatedAt > latest ? alert.updatedAt : latest), new Date(0)),
    feedLinks: { atom: absolute(feedPath) },
    author: { name: BRAND_NAME, link: absolute('/') },
  });
  for (const alert of alerts) {
    const url = absolute(`/alerts/${alert.id}`);
    // A retracted alert stays in the feed, marked, so a reader who saw it learns it was withdrawn (its update time moves).
    feed.addItem({
      title: alert.retractedAt ? `[${AUTOMATIC_ALERT_TEXTS.retractedBadge}] ${alert.title}` : alert.title,
      id: url,
      link: url,
      description: summaryOf(alert),
      date: alert.updatedAt,
      published: alert.publishedAt ?? alert.occurredAt,
      category: [{ name: ALERT_TYPE_LABELS[alert.type] ?? alert.type, term: alert.type }],
    });
  }
  return feed.atom1();
}

/** The answer of a feed route: Atom's media type, cached briefly by readers and proxies. */
export function atomResponse(xml: string): Response {
  return new Response(xml, { headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'public, max-age=60' } });
}
