/** Audit finding severities, most severe first. */
export const FINDING_SEVERITY_LABELS = {
  critical: 'Critical',
  major: 'Major',
  medium: 'Medium',
  minor: 'Minor',
  informational: 'Informational',
} as const;
