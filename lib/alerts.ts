/** A security alert as lists show it (the home feed, a project's history): its project named when known. */
export type AlertSummary = {
  id: string;
  projectId: string | null;
  projectName: string | null;
  projectLogo: string | null;
  type: string;
  title: string;
  occurredAt: Date;
  amountLostUsd: number | null;
  chain: string | null;
  confidence: string;
  isDemo: boolean;
};
