'use client';

import { useEffect, useRef, useState } from 'react';

import { OPEN_API_EXPLORER_TEXTS as TEXTS } from '@/lib/messages/open-data';

/** Swagger UI's bundle, copied from swagger-ui-dist at build (scripts/copy-api-explorer.mjs). */
const BUNDLE = '/vendor/swagger-ui/swagger-ui-bundle.js';
const STYLES = '/vendor/swagger-ui/swagger-ui.css';

type SwaggerUIBundle = (options: Record<string, unknown>) => unknown;

function loadOnce(tag: 'script' | 'link', url: string): Promise<void> {
  const selector = tag === 'script' ? `script[src="${url}"]` : `link[href="${url}"]`;
  const existing = document.querySelector<HTMLElement>(selector);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const element = existing ?? document.createElement(tag);
    element.addEventListener('load', () => {
      element.dataset.loaded = 'true';
      resolve();
    });
    element.addEventListener('error', () => reject(new Error(`${url} did not load`)));
    if (!existing) {
      if (element instanceof HTMLScriptElement) element.src = url;
      if (element instanceof HTMLLinkElement) Object.assign(element, { rel: 'stylesheet', href: url });
      document.head.append(element);
    }
  });
}

/**
 * The interactive reference (Swagger UI) over /api/v1/openapi.json: loaded when a reader asks for it, on this page
 * only, from our own origin. "Try it out" sends the GETs from the browser, anonymously.
 */
export function ApiExplorer({ documentUrl }: { documentUrl: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'loading' || !host.current) return;
    const target = host.current;
    Promise.all([loadOnce('link', STYLES), loadOnce('script', BUNDLE)])
      .then(() => {
        const bundle = (window as unknown as { SwaggerUIBundle?: SwaggerUIBundle }).SwaggerUIBundle;
        if (!bundle) throw new Error('Swagger UI did not start');
        bundle({ url: documentUrl, domNode: target, deepLinking: false, supportedSubmitMethods: ['get'], defaultModelsExpandDepth: 0 });
        setState('ready');
      })
      .catch(() => setState('failed'));
  }, [state, documentUrl]);

  return (
    <div>
      {state === 'idle' || state === 'loading' ? (
        <button type="button" className="rounded-md border px-4 py-2 font-medium hover:bg-muted disabled:opacity-60" disabled={state === 'loading'} onClick={() => setState('loading')}>
          {state === 'loading' ? TEXTS.loading : TEXTS.open}
        </button>
      ) : null}
      {state === 'failed' ? <p role="alert">{TEXTS.failed}</p> : null}
      <div ref={host} className="not-prose mt-4" data-testid="api-explorer" />
    </div>
  );
}
