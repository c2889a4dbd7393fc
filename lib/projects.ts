/** What the server returns about projects and the pages show, written once for both sides. */
import type { FINDING_SEVERITY_LABELS } from './findings';
import type { AUDIT_STATUS_LABELS } from './format';
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

export type AuditSummary = { id: string; auditor: string; publishedAt: Date; scope: string; findings: Findings; reportUrl: string | null; isDemo: boolean };

/** A project's votes, and the asking voter's own when known. */
export type VoteSummary = { yes: number; no: number; total: number; yesPercentage: number | null; yourVote: boolean | null };
