import Link from 'next/link';
import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { StaffLogEntries, type LogEntryView } from './staff-log-entries';

/*
 * The pieces of a console page about one thing (an alert, an audit, a project…) or of its "new" page: the header with
 * the way back to the list, the sections, and the thing's history from the audit log.
 */

/** A plain text link of the console. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-primary underline underline-offset-4">
      {children}
    </Link>
  );
}

/** The way back to the list, the page's title, and below it what the page says about the thing (`children`). */
export function StaffEntityHeader({ backHref, backLabel, title, children }: { backHref: string; backLabel: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        <TextLink href={backHref}>{backLabel}</TextLink>
      </p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

/** The page of a new thing: its header, what happens on saving, and the empty form. */
export function StaffNewPage({ backHref, backLabel, title, note, children }: { backHref: string; backLabel: string; title: string; note: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-6">
      <StaffEntityHeader backHref={backHref} backLabel={backLabel} title={title}>
        <p className="text-muted-foreground">{note}</p>
      </StaffEntityHeader>
      {children}
    </div>
  );
}

/** What a new audit or alert page says: nothing is public before it is published. */
export const DRAFT_NOTE = 'Saved as a draft: nothing shows publicly until you publish it.';

/** The thing's state in a row under its title: badges, dates, links. */
export function EntityFacts({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-3 text-sm">{children}</div>;
}

/** A titled part of the page; `id` names its heading, which labels the section. */
export function StaffSection({ id, heading, className, children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('grid gap-3', className)}>
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Every staff change of one thing, newest first, from the audit log. */
export function StaffHistory({ entity, entries, emptyText }: { entity: string; entries: LogEntryView[]; emptyText: string }) {
  return (
    <StaffSection id={`${entity}-history-heading`} heading="History">
      <StaffLogEntries entries={entries} showEntity={false} emptyText={emptyText} />
    </StaffSection>
  );
}
