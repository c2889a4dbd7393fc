import { Badge } from '@/components/ui/badge';
import { REPORT_STATUS_LABELS, type ReportStatus } from '@/lib/staff';

const VARIANTS = { new: 'warning', approved: 'success', rejected: 'outline', duplicate: 'secondary' } as const;

/** A community report's moderation state, in words (the colour only repeats it). */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <Badge variant={VARIANTS[status]}>{REPORT_STATUS_LABELS[status]}</Badge>;
}
