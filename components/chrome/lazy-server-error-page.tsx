'use client';

import dynamic from 'next/dynamic';

/**
 * The 500 page, loaded when it is shown: every page carries the error boundaries that show it, and its code is not
 * worth a byte of the first load. A server-rendered error page still arrives complete (next/dynamic renders it on
 * the server and names its script in the HTML).
 */
export const LazyServerErrorPage = dynamic(() => import('./server-error-page').then((module) => module.ServerErrorPage));
