import { Download } from 'lucide';

import { Icon } from '@/components/ui/icon';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';

/** "Download CSV": a plain download link (the route streams the file, so no script or prefetch is wanted). */
export function DownloadCsvLink({ href, hint }: { href: string; hint: string }) {
  return (
    <a href={href} download className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <Icon node={Download} className="size-4" />
      {OPEN_DATA_TEXTS.downloadCsv}
      <span className="sr-only"> ({hint})</span>
    </a>
  );
}
