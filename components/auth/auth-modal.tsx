'use client';

import { useAtom } from 'jotai';
import { useRouter } from 'next/navigation';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

import { authModalAtom } from './atoms';
import { AUTH_STEP_TITLES, AuthFlow } from './auth-flow';

/** The auth modal of large screens: its state is one of the flow's steps, or hidden. */
export function AuthModal() {
  const [state, setState] = useAtom(authModalAtom);
  const router = useRouter();
  if (state === 'hidden') return null;
  return (
    <Dialog open onOpenChange={(open) => !open && setState('hidden')}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{AUTH_STEP_TITLES[state]}</DialogTitle>
          <DialogDescription className="sr-only">Account access</DialogDescription>
        </DialogHeader>
        <AuthFlow
          key={state}
          step={state}
          go={setState}
          onSignedIn={() => {
            setState('hidden');
            router.refresh();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
