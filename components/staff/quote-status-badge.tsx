import { Badge } from '@/components/ui/badge';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@/lib/staff';

const VARIANTS = { new: 'default', contacted: 'secondary', won: 'success', lost: 'outline' } as const satisfies Record<QuoteStatus, string>;

/** A lead's status, always as its word (the colour only repeats it). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge variant={VARIANTS[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}
