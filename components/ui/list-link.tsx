import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link in a list of many (the leaderboard's rows, the alert lists, the home page's lists): a next/link that does not
 * fetch its page when it scrolls into view. Next prefetches every link that comes into view; on the home page that
 * was ~12 background requests per visit (two for each alert), ~40% of the server's work for the visit and ~40 ms of a
 * phone's main thread, for pages few visitors open. The click still navigates in the page, fetching the page then (#18).
 */
export function ListLink(props: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  return <Link {...props} prefetch={false} />;
}
