'use client';

import { useSetAtom } from 'jotai';
import { X } from 'lucide';
import { useRouter } from 'next/navigation';
import { createContext, use, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { EVENTS, Joyride, type EventData, type Step, type TooltipRenderProps } from 'react-joyride';

import { Icon } from '@/components/ui/icon';
import { authModalAtom } from '@/components/auth/atoms';
import { Button } from '@/components/ui/button';
import { TOUR } from '@/lib/constants';
import { TOUR_MESSAGES } from '@/lib/messages/tour';
import { buildTourSteps, TOUR_IDLE, TOUR_TEXTS, tourProgressWidth, tourReducer, tourTooltipWidth, type TourAction, type TourStepDef } from '@/lib/tour';

type TourContextValue = { dispatch: (action: TourAction) => void; signUp: () => void; size: number; width: number };

// The tooltip is rendered by react-joyride, so it reaches the tour's state through context.
const TourContext = createContext<TourContextValue | null>(null);

/** Large screens sign up in the auth modal, smaller ones on the sign-up page (as the header does). */
const LARGE_SCREEN_QUERY = '(min-width: 1024px)';
/** Below this width the home page is one column. */
const ONE_COLUMN_MAX_WIDTH = 1023;

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/**
 * Escape closes the tooltip on view, as its close button does. Joyride's own key handler ignores keys until its
 * positioning has settled, so an Escape pressed as a step appeared was lost (seen in CI: the tooltip stayed).
 */
function useEscapeCloses(dispatch: TourContextValue['dispatch'] | undefined) {
  useEffect(() => {
    if (!dispatch) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch({ type: 'close' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);
}

function TourTooltip({ step, index, tooltipProps }: TooltipRenderProps) {
  const context = use(TourContext);
  useEscapeCloses(context?.dispatch);
  if (!context) return null;
  const { dispatch, signUp, size, width } = context;
  const def = step.data as TourStepDef;
  const closeButton = (
    <button
      type="button"
      aria-label={TOUR_TEXTS.close}
      onClick={() => dispatch({ type: 'close' })}
      className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Icon node={X} className="size-4" />
    </button>
  );

  if (def.kind === 'skip') {
    return (
      <div {...tooltipProps} aria-labelledby="tour-title" style={{ width, maxWidth: 'calc(100vw - 16px)' }} className="relative rounded-xl bg-background p-6 text-foreground shadow-xl">
        <h2 id="tour-title" className="pr-8 text-lg font-semibold">
          {TOUR_MESSAGES.skipQuestion}
        </h2>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => dispatch({ type: 'resume' })}>
            {TOUR_MESSAGES.skipNo}
          </Button>
          <Button onClick={() => dispatch({ type: 'skip' })}>{TOUR_MESSAGES.skipYes}</Button>
        </div>
      </div>
    );
  }

  const isEnd = def.kind === 'end';
  return (
    <div {...tooltipProps} aria-labelledby="tour-title" style={{ width, maxWidth: 'calc(100vw - 16px)' }} className="relative rounded-xl bg-background p-5 text-foreground shadow-xl">
      {closeButton}
      {!isEnd ? (
        <div aria-hidden className="mb-4 h-1.5 max-w-full overflow-hidden rounded-full bg-muted" style={{ width: TOUR.progressBarWidth }}>
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: tourProgressWidth(index, size) }} />
        </div>
      ) : null}
      <h2 id="tour-title" className="pr-8 text-lg font-semibold">
        {def.title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{def.content}</p>
      <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
        {isEnd ? (
          <>
            {def.audience === 'signedOut' ? (
              <Button variant="outline" onClick={signUp}>
                {TOUR_TEXTS.signUp}
              </Button>
            ) : null}
            <Button onClick={() => dispatch({ type: 'end' })}>{TOUR_TEXTS.done}</Button>
          </>
        ) : (
          <>
            {index > 0 ? (
              <Button variant="ghost" onClick={() => dispatch({ type: 'back' })}>
                {TOUR_TEXTS.back}
              </Button>
            ) : null}
            <Button onClick={() => dispatch({ type: 'next' })}>{TOUR_TEXTS.next}</Button>
          </>
        )}
      </div>
    </div>
  );
}

/** The guided tour of the home page (SPEC §4), on react-joyride in controlled mode over lib/tour's reducer. */
export function GuidedTour({ authenticated, onEnd }: { authenticated: boolean; onEnd: () => void }) {
  const [state, dispatch] = useReducer(tourReducer, TOUR_IDLE);
  const router = useRouter();
  const openAuthModal = useSetAtom(authModalAtom);
  const width = useWindowWidth();
  const wasRunning = useRef(false);
  const defs = useMemo(() => buildTourSteps(authenticated), [authenticated]);

  useEffect(() => {
    dispatch({ type: 'start', authenticated });
  }, [authenticated]);

  useEffect(() => {
    if (state.run) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      onEnd();
    }
  }, [state.run, onEnd]);

  const narrow = width <= ONE_COLUMN_MAX_WIDTH;
  const steps = useMemo<Step[]>(
    () =>
      defs.map((def) => ({
        id: def.key,
        ...(narrow && def.narrowAnchor ? { target: def.narrowAnchor, spotlightTarget: def.target, placement: 'bottom' as const } : { target: def.target, placement: def.placement }),
        title: def.title,
        content: def.content,
        data: def,
        skipBeacon: true,
        // The centre screens are not anchored to anything on the page.
        ...(def.placement === 'center' ? { skipScroll: true } : {}),
      })),
    [defs, narrow],
  );

  const context = useMemo<TourContextValue>(
    () => ({
      dispatch,
      size: defs.length,
      width: tourTooltipWidth(width),
      signUp: () => {
        dispatch({ type: 'end' });
        if (window.matchMedia(LARGE_SCREEN_QUERY).matches) openAuthModal('signup');
        else router.push('/auth/signup');
      },
    }),
    [defs.length, openAuthModal, router, width],
  );

  const onEvent = (data: EventData) => {
    if (data.type === EVENTS.TARGET_NOT_FOUND) {
      const target = typeof data.step.target === 'string' ? document.querySelector(data.step.target) : null;
      console.warn(target ? TOUR_MESSAGES.targetNotVisible : TOUR_MESSAGES.targetNotMounted, data.step.id);
      dispatch({ type: 'targetMissing' });
    }
  };

  return (
    <TourContext value={context}>
      <Joyride
        run={state.run}
        stepIndex={state.index}
        steps={steps}
        continuous
        onEvent={onEvent}
        tooltipComponent={TourTooltip}
        options={{
          scrollDuration: TOUR.scrollDurationMs,
          scrollOffset: TOUR.scrollOffset,
          spotlightPadding: TOUR.spotlightPadding,
          width: tourTooltipWidth(width),
          overlayClickAction: false,
          // Escape is the tooltip's own (useEscapeCloses); the overlay does nothing.
          dismissKeyAction: false,
          targetWaitTimeout: 500,
          zIndex: 60,
        }}
      />
    </TourContext>
  );
}
