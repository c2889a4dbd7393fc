/** What the server returns about projects and the pages show, written once for both sides. */
import type { z } from '@/lib/zod';

import type { FINDING_SEVERITY_LABELS } from './findings';
import type { AUDIT_STATUS_LABELS } from './format';
import type { voteSummarySchema } from './schemas/answers';
import type { AuditFinding } from './schemas/staff-audit';
import type { Grade, GradeTone } from './score';

export type AuditStatus = keyof typeof AUDIT_STATUS_LABELS;

/** What a list shows of a project. */
export type ProjectSummary = {
  id: string;
  name: string;
  logo: string | null;
  rank: number | null;
  tokenTickers: string[];
  category: string | null;
  chains: string[];
  auditStatus: AuditStatus;
  kycVerified: boolean;
  score: number | null;
  grade: Grade | null;
  gradeTone: GradeTone | null;
  isDemo: boolean;
};

/** Findings of an audit by severity: how many, and how many were resolved. */
export type Findings = Record<keyof typeof FINDING_SEVERITY_LABELS, { total: number; resolved: number }>;

/** A published audit as the project page shows it; `findingItems` is empty for audits entered only as counts. */
export type AuditSummary = {
  id: string;
  auditor: string;
  publishedAt: Date;
  startedOn: string | null;
  endedOn: string | null;
  scope: string;
  sourceRef: string | null;
  findings: Findings;
  findingItems: AuditFinding[];
  /** The uploaded report PDF, else the link it was given. */
  reportUrl: string | null;
  isDemo: boolean;
};

/** A project's votes, and the asking voter's own when known. */
export type VoteSummary = z.infer<typeof voteSummarySchema>;
