import 'server-only';

import { projects, securityAlerts } from './db/schema';

/**
 * The columns of an alert as lists show it (AlertSummary in lib/alerts.ts), read from security_alerts left-joined to
 * projects. The alert page and the incident database add their own columns to these.
 */
export const alertSummaryColumns = {
  id: securityAlerts.id,
  projectId: securityAlerts.projectId,
  projectName: projects.name,
  projectLogo: projects.logo,
  type: securityAlerts.type,
  title: securityAlerts.title,
  occurredAt: securityAlerts.occurredAt,
  amountLostUsd: securityAlerts.amountLostUsd,
  chain: securityAlerts.chain,
  confidence: securityAlerts.confidence,
  isDemo: securityAlerts.isDemo,
  origin: securityAlerts.origin,
  retractedAt: securityAlerts.retractedAt,
  retractionReason: securityAlerts.retractionReason,
};
