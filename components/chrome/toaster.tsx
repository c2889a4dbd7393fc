'use client';

import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

import { toasterMounted } from './toast';

const style = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--border-radius': 'var(--radius)',
} as CSSProperties;

/** Tells waiting toasts the area listens: its effect runs after the toaster's own, which subscribes. */
function MountedSignal() {
  useEffect(toasterMounted, []);
  return null;
}

/** The toast area (sonner), loaded by ToasterTrigger (root-client) with the first toast or interaction. */
export function Toaster() {
  return (
    <>
      <Sonner theme="light" position="top-center" richColors closeButton className="toaster group" style={style} />
      <MountedSignal />
    </>
  );
}
