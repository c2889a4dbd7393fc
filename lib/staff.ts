/**
 * The staff console's vocabulary, shared by the database schema, the console's forms and the public pages: roles,
 * the states of staff-managed content and their labels.
 */

export const STAFF_ROLES = ['admin', 'analyst', 'moderator', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', analyst: 'Analyst', moderator: 'Moderator', sales: 'Sales' };

/** Staff content is drafted first and shown publicly only once published. */
export const PUBLICATION_STATUSES = ['draft', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const FINDING_STATUSES = ['resolved', 'partially-resolved', 'acknowledged', 'pending'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const FINDING_STATUS_LABELS: Record<FindingStatus, string> = {
  resolved: 'Resolved',
  'partially-resolved': 'Partially resolved',
  acknowledged: 'Acknowledged',
  pending: 'Pending',
};

export const REPORT_STATUSES = ['new', 'approved', 'rejected', 'duplicate'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { new: 'New', approved: 'Approved', rejected: 'Rejected', duplicate: 'Duplicate' };

export const QUOTE_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = { new: 'New', contacted: 'Contacted', won: 'Won', lost: 'Lost' };
