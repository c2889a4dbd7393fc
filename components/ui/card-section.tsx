import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

type CardSectionProps = {
  /** The heading's id: the section is named by it. */
  id: string;
  title: ReactNode;
  /** h2 for a page's own sections, h3 inside one of them. */
  level?: 'h2' | 'h3';
  headingClassName?: string;
  children: ReactNode;
};

/** A bordered card that is a section named by its heading. */
export function CardSection({ id, title, level: Heading = 'h2', headingClassName, children }: CardSectionProps) {
  return (
    <section aria-labelledby={id} className="rounded-xl border p-6">
      <Heading id={id} className={cn('text-lg font-semibold', headingClassName)}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
