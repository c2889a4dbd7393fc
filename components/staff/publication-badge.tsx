import { Badge } from '@/components/ui/badge';
import type { PublicationStatus } from '@/lib/staff';

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = { draft: 'Draft', published: 'Published' };

/** Draft or published, in words (the colour only repeats it). */
export function PublicationBadge({ status }: { status: PublicationStatus }) {
  return <Badge variant={status === 'published' ? 'success' : 'warning'}>{PUBLICATION_STATUS_LABELS[status]}</Badge>;
}

/** A list row's status: draft or published, and whether the row is generated demo data. */
export function PublicationBadges({ status, isDemo }: { status: PublicationStatus; isDemo: boolean }) {
  return (
    <span className="inline-flex gap-2">
      <PublicationBadge status={status} />
      {isDemo ? <Badge variant="outline">Demo</Badge> : null}
    </span>
  );
}
