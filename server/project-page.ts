import 'server-only';

import { unstable_cache } from 'next/cache';
import { cache } from 'react';

import type { AlertSummary } from '@/lib/alerts';
import type { AuditSummary } from '@/lib/projects';

import { CACHE_TAGS, PUBLIC_DATA_REVALIDATE_SECONDS } from './cache-tags';
import { getProjectDetail, listProjectAlerts, listProjectAudits, type ProjectDetail } from './projects';
import { listScoreHistory, type ScoreHistoryPoint } from './score-history';

/*
 * The project page's reads, through Next's data cache: the tags they carry become the cached page's own, so a staff
 * write that expires a tag (revalidatePublicData) expires every project page built from it. The plain reads stay
 * uncached for the API, the CSV routes and the staff pages.
 */

const options = (...tags: string[]) => ({ tags, revalidate: PUBLIC_DATA_REVALIDATE_SECONDS });

/** The data cache stores JSON: dates come back as strings. */
const toDate = (value: Date | string) => new Date(value);
const toDateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

const cachedDetail = unstable_cache(async (id: string) => getProjectDetail(id), ['project-page-detail'], options(CACHE_TAGS.projects, CACHE_TAGS.scores));
const cachedAudits = unstable_cache(async (id: string) => listProjectAudits(id), ['project-page-audits'], options(CACHE_TAGS.audits, CACHE_TAGS.projects));
const cachedAlerts = unstable_cache(async (id: string) => listProjectAlerts(id), ['project-page-alerts'], options(CACHE_TAGS.alerts, CACHE_TAGS.projects));
const cachedHistory = unstable_cache(async (id: string) => listScoreHistory(id), ['project-page-score-history'], options(CACHE_TAGS.scores, CACHE_TAGS.projects));

/** Read once per render: the metadata and the page both ask. */
export const getCachedProjectDetail = cache(async (id: string): Promise<ProjectDetail | null> => {
  const detail = await cachedDetail(id);
  return detail && { ...detail, scoreUpdatedAt: toDateOrNull(detail.scoreUpdatedAt) };
});

export async function listCachedProjectAudits(id: string): Promise<AuditSummary[]> {
  return (await cachedAudits(id)).map((audit) => ({ ...audit, publishedAt: toDate(audit.publishedAt) }));
}

export async function listCachedProjectAlerts(id: string): Promise<AlertSummary[]> {
  return (await cachedAlerts(id)).map((alert) => ({ ...alert, occurredAt: toDate(alert.occurredAt), retractedAt: toDateOrNull(alert.retractedAt) }));
}

export async function listCachedScoreHistory(id: string): Promise<ScoreHistoryPoint[]> {
  return (await cachedHistory(id)).map((point) => ({ ...point, recordedAt: toDate(point.recordedAt) }));
}
