'use client';

import { useRouter } from 'next/navigation';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

import type { AuthModalState, AuthStep } from './atoms';
import { AUTH_STEP_TITLES, AuthFlow } from './auth-flow';

/** The auth modal: one step of the flow in a dialog (loaded by auth-modal-trigger). */
export function AuthModal({ state, setState }: { state: AuthStep; setState: (state: AuthModalState) => void }) {
  const router = useRouter();
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
