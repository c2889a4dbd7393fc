import 'server-only';

import { UserFacingError } from '@/lib/errors';
import type { IncidentReport } from '@/lib/schemas/projects';

import { getDb } from './db/client';
import { incidentReports } from './db/schema';
import { logger } from './logger';
import { getProject } from './projects';
import { getRateLimits } from './rate-limit';

/** Stores a visitor's incident report for staff review, at most 10 an hour from one address. */
export async function reportIncident(report: IncidentReport, reporter: { key: string; ip: string }): Promise<{ id: string }> {
  await getRateLimits().consumeOrRefuse('incident-ip', reporter.ip, 'Too many reports from your address. Please try again later.');
  if (!(await getProject(report.projectId))) throw new UserFacingError('Unknown project.', 404);
  const db = await getDb();
  const [row] = await db
    .insert(incidentReports)
    .values({ projectId: report.projectId, description: report.description, links: report.links, contact: report.contact, reporterKey: reporter.key })
    .returning({ id: incidentReports.id });
  logger.info({ incidentReportId: row.id, projectId: report.projectId }, 'incident reported');
  return row;
}
