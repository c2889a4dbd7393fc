/**
 * What "source" means for each alert (issue #21: every alert carries at least one), written once for the incident
 * database's list, its CSV and the alert's own page.
 * - Staff alerts: the links the analyst entered (the form requires at least one).
 * - Automatic alerts (origin other than staff): the evidence on the alert's own page, which always exists since the
 *   rule stored what it read; then the chain explorer's page of that transaction (or block, or contract) when
 *   EXPLORER_URL is set, and any link the rule stored when it fired.
 * - Demo alerts without links: generated data has no outside source, so their source is the statement that they
 *   were generated, on their own page.
 */
import type { AlertEvidence, AlertOrigin } from './alerts';

export type AlertSourceKind = 'link' | 'evidence' | 'explorer' | 'demo';
export type AlertSource = { kind: AlertSourceKind; href: string };

/** The alert page's section ids the sources point at. */
export const ALERT_PAGE_ANCHORS = { evidence: 'alert-evidence-heading', demo: 'alert-demo-notice' } as const;

export type AlertSourceInput = { id: string; origin: AlertOrigin; isDemo: boolean; sourceUrls: string[]; evidence: AlertEvidence | null };

/** The explorer's page for what an automatic alert read: its transaction, else its block, else its contract. */
export function explorerHref(evidence: AlertEvidence | null, explorerUrl: string | null): string | null {
  if (!explorerUrl || !evidence) return null;
  if (evidence.txHash) return `${explorerUrl}/tx/${evidence.txHash}`;
  if (evidence.blockNumber !== undefined) return `${explorerUrl}/block/${evidence.blockNumber}`;
  if (evidence.contract) return `${explorerUrl}/address/${evidence.contract}`;
  return null;
}

/** An alert's sources (empty only for a staff alert stored without the form's link); hrefs to the alert's own page are site-relative (`/alerts/<id>#…`). */
export function alertSources(alert: AlertSourceInput, explorerUrl: string | null): AlertSource[] {
  const page = `/alerts/${alert.id}`;
  if (alert.origin !== 'staff') {
    const links = [explorerHref(alert.evidence, explorerUrl), ...alert.sourceUrls].filter((href): href is string => href !== null);
    // Rules always store their evidence; a row without it (written by hand) gets no link to a section it lacks.
    const evidence: AlertSource[] = alert.evidence ? [{ kind: 'evidence', href: `${page}#${ALERT_PAGE_ANCHORS.evidence}` }] : [];
    return [...evidence, ...[...new Set(links)].map((href): AlertSource => ({ kind: 'explorer', href }))];
  }
  const links = alert.sourceUrls.map((href): AlertSource => ({ kind: 'link', href }));
  // The staff form requires a link; only generated demo rows come without one.
  return links.length === 0 && alert.isDemo ? [{ kind: 'demo', href: `${page}#${ALERT_PAGE_ANCHORS.demo}` }] : links;
}
