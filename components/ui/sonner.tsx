'use client';

import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

import { toasterMounted } from '@/components/chrome/toast';

/** Tells waiting toasts the area listens: its effect runs after the toaster's own, which subscribes. */
function MountedSignal() {
  React.useEffect(toasterMounted, []);
  return null;
}

function Toaster({ ...props }: ToasterProps) {
  return (
    <>
      <Sonner
        theme="light"
        position="top-center"
        richColors
        closeButton
        className="toaster group"
        style={
          {
            '--normal-bg': 'var(--popover)',
            '--normal-text': 'var(--popover-foreground)',
            '--normal-border': 'var(--border)',
            '--border-radius': 'var(--radius)',
          } as React.CSSProperties
        }
        {...props}
      />
      <MountedSignal />
    </>
  );
}

export { Toaster };
