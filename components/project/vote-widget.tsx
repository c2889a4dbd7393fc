'use client';

import { ThumbsDown, ThumbsUp } from 'lucide';
import { useEffect, useRef, useState, useTransition } from 'react';

import { Icon } from '@/components/ui/icon';
import { useNearScreen } from '@/components/chrome/use-near-screen';
import { castVoteAction } from '@/actions/projects/cast-vote';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { formatPercentage } from '@/lib/format';
import { FEEDBACK_MESSAGES } from '@/lib/messages/chrome';
import type { VoteSummary } from '@/lib/projects';
import { getChecked } from '@/lib/schemas/get-checked';

type Summary = Pick<VoteSummary, 'yesPercentage' | 'total' | 'yourVote'>;

/**
 * "Is this project safe?" yes/no, with the project's yes share beside the site average. Never moves the score.
 * The page is cached for everyone, so `initial` has no vote of this visitor's: their own (and the fresh counts) are
 * asked for once shown.
 */
export function VoteWidget({ projectId, initial, siteAverage }: { projectId: string; initial: Summary; siteAverage: number | null }) {
  const [summary, setSummary] = useState(initial);
  // The action is called as it is, in a transition: next-safe-action's hook would add ~3 kB to every project page.
  const [isPending, startTransition] = useTransition();
  // A vote cast before the read answers is newer than what the read brings.
  const voted = useRef(false);
  // Asked for once the widget nears the screen: below a phone's first screen, the read (and the answer checker it
  // loads) would otherwise take the main thread during every project page's load.
  const root = useRef<HTMLElement>(null);
  const near = useNearScreen(root);

  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    getChecked('/api/projects/vote', (schemas) => schemas.voteSummarySchema, { query: { id: projectId }, signal: controller.signal })
      .then((fresh) => {
        if (!voted.current) setSummary(fresh);
      })
      // Without it the widget keeps the cached counts and no pressed button; voting still works.
      .catch(() => undefined);
    return () => controller.abort();
  }, [near, projectId]);

  const vote = (value: boolean) => {
    if (isPending) return;
    voted.current = true;
    startTransition(async () => {
      const result = await castVoteAction({ id: projectId, vote: value }).catch(() => null);
      if (result?.data) {
        setSummary(result.data);
        toast.success(FEEDBACK_MESSAGES.voteCounted);
      } else {
        toast.error(result?.serverError ?? FEEDBACK_MESSAGES.voteFailed);
      }
    });
  };

  return (
    <section ref={root} aria-labelledby="vote-heading" className="rounded-xl border p-6">
      <h2 id="vote-heading" className="text-lg font-semibold">
        Do you trust this project?
      </h2>
      <div className="mt-4 flex gap-3">
        <Button variant={summary.yourVote === true ? 'default' : 'outline'} aria-pressed={summary.yourVote === true} disabled={isPending} onClick={() => vote(true)}>
          <Icon node={ThumbsUp} /> Yes
        </Button>
        <Button variant={summary.yourVote === false ? 'default' : 'outline'} aria-pressed={summary.yourVote === false} disabled={isPending} onClick={() => vote(false)}>
          <Icon node={ThumbsDown} /> No
        </Button>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-muted-foreground">This project</dt>
          <dd className="tabular text-xl font-semibold" data-testid="project-yes-percentage">
            {formatPercentage(summary.yesPercentage)}
          </dd>
          <dd className="text-xs text-muted-foreground">
            {summary.total} {summary.total === 1 ? 'vote' : 'votes'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Site average</dt>
          <dd className="tabular text-xl font-semibold">{formatPercentage(siteAverage)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">Community votes are shown for context and never change the security score.</p>
    </section>
  );
}
