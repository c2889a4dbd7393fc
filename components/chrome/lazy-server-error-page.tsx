'use client';

import { loadOnUse } from './load-on-use';

/**
 * The 500 page, loaded when it is shown: every page carries the error boundaries that show it, and its code is not
 * worth a byte of the first load. A server-rendered error page still arrives complete: it is rendered on the
 * server, and the browser fetches its code while hydrating.
 */
export const LazyServerErrorPage = loadOnUse(() => import('./server-error-page').then((module) => module.ServerErrorPage));
