'use client';

import { useEffect } from 'react';

import { http } from '@/lib/http';

/** Counts one view of the project page when it is shown. */
export function PageViewBeacon({ projectId }: { projectId: string }) {
  useEffect(() => {
    http.post('/api/projects/page-view', { projectId }, { retries: 0 }).catch(() => undefined);
  }, [projectId]);
  return null;
}
