'use client';

import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

const subscribeNever = () => () => {};

/**
 * A component whose code loads when it is first rendered (React.lazy), showing `fallback` meanwhile. With
 * `browserOnly` it is never rendered on the server nor while the page hydrates (charts measure the window; the
 * rest render only after something the browser knows). next/dynamic does the same, but its loader added ~1.3 kB
 * gzip to the first load of every page, and every page has such parts (dialogs, the account menu, the toaster).
 */
export function loadOnUse<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { fallback = null, browserOnly = false }: { fallback?: ReactNode; browserOnly?: boolean } = {},
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LoadOnUse(props: Props) {
    const inBrowser = useSyncExternalStore(
      subscribeNever,
      () => true,
      () => false,
    );
    if (browserOnly && !inBrowser) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LoadOnUse;
}
