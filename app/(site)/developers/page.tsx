import type { Metadata } from 'next';
import Link from 'next/link';

import { PageBanner } from '@/components/chrome/page-banner';
import { ApiExplorer } from '@/components/developers/api-explorer';
import { API_CHANGELOG } from '@/lib/api-changelog';
import { formatDate } from '@/lib/format';
import { OPEN_API_EXPLORER_TEXTS } from '@/lib/messages/open-data';
import { API_V1_LIMIT_MAX } from '@/lib/schemas/api-v1';
import { API_V1_VERSION } from '@/server/api-v1/openapi';
import { listReferenceOperations } from '@/server/api-v1/reference';
import { LIMITS } from '@/server/rate-limit';

export const metadata: Metadata = {
  title: 'Developers: the public API',
  description: 'Sentinel Shield’s read-only public API, version 1: projects, scores, alerts, incidents and Skynet figures, with keys, rates and an OpenAPI document.',
};

const TAG_TITLES: Record<string, string> = { projects: 'Projects', alerts: 'Alerts and incidents', skynet: 'Skynet figures', meta: 'The document' };

/**
 * The API reference, rendered on the server from the same OpenAPI document the API serves (readable without
 * script), and below it Swagger UI over that document, loaded from our own origin only when a reader opens it.
 */
export default function DevelopersPage() {
  const operations = listReferenceOperations();
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  const anon = LIMITS['api-anon-ip'];
  const keyed = LIMITS['api-key'];
  return (
    <>
      <PageBanner eyebrow="Developers" title="The public API">
        <p>
          Version {API_V1_VERSION}. Read-only JSON (and CSV) over our public data. The machine-readable description is{' '}
          <a href="/api/v1/openapi.json" className="text-white underline underline-offset-4">
            /api/v1/openapi.json
          </a>{' '}
          (OpenAPI 3.1).
        </p>
      </PageBanner>
      <article className="prose-content mx-auto w-full max-w-4xl px-4 py-12">
        <nav aria-label="On this page">
          <ul>
            <li>
              <a href="#keys">Keys and rates</a>
            </li>
            <li>
              <a href="#errors">Errors</a>
            </li>
            <li>
              <a href="#caching">Caching, CORS and CSV</a>
            </li>
            <li>
              <a href="#stability">Stability</a>
            </li>
            <li>
              <a href="#reference">Reference</a>
            </li>
            <li>
              <a href="#explorer">{OPEN_API_EXPLORER_TEXTS.heading}</a>
            </li>
            <li>
              <a href="#changelog">Changelog</a>
            </li>
          </ul>
        </nav>

        <h2 id="keys">Keys and rates</h2>
        <p>
          Anyone may call the API without a key: {anon.points} requests per {anon.duration} seconds per address. With a key, {keyed.points} requests per{' '}
          {keyed.duration} seconds per key. Create keys in <Link href="/my/settings#api-keys">Settings</Link>; a key is shown once, and you can revoke it there at any
          time. Send it as <code>Authorization: Bearer &lt;key&gt;</code> or <code>X-API-Key: &lt;key&gt;</code>. A malformed, unknown or revoked key is refused
          with 401, never served as anonymous.
        </p>
        <p>
          Every answer carries the IETF rate-limit headers: <code>RateLimit-Policy: &quot;anon&quot;;q={anon.points};w={anon.duration}</code> (the quota and its
          window in seconds) and <code>RateLimit: &quot;anon&quot;;r=57;t=42</code> (requests left, seconds until the window resets); the policy is{' '}
          <code>&quot;key&quot;</code> with a key. A spent budget is answered 429 with <code>Retry-After</code>.
        </p>

        <h2 id="errors">Errors</h2>
        <p>
          Every error is an RFC 9457 problem (<code>application/problem+json</code>) with <code>type</code>, <code>title</code>, <code>status</code>,{' '}
          <code>detail</code> and <code>instance</code>; a bad query also lists each parameter at fault in <code>errors</code>. Unknown or repeated parameters,
          bad values, a cursor from another query and more than {API_V1_LIMIT_MAX} items per page are all 400s.
        </p>
        <ul>
          <li id="problem-bad-request">400: a bad query (see errors).</li>
          <li id="problem-unauthorized">401: a bad, unknown or revoked key.</li>
          <li id="problem-not-found">404: no such project or alert (or it is not public), a chain Skynet cannot read, or a contract no project watches.</li>
          <li id="problem-not-acceptable">406: CSV asked of a route that answers JSON only.</li>
          <li id="problem-unprocessable-content">422: the address holds no code on that chain: it is not a contract.</li>
          <li id="problem-too-many-requests">429: the budget is spent; wait Retry-After seconds.</li>
          <li id="problem-server-error">500: our fault; it is logged.</li>
          <li id="problem-service-unavailable">503: the database is not answering for the moment; wait Retry-After seconds.</li>
        </ul>

        <h2 id="caching">Caching, CORS and CSV</h2>
        <p>
          Every GET answer has an <code>ETag</code>; send it back in <code>If-None-Match</code> and an unchanged answer is a bodyless 304 (it still counts
          against the budget, but costs you no transfer). The API is open to browsers on any site for GET (<code>Access-Control-Allow-Origin: *</code>, no
          cookies or credentials). Lists and the score history answer CSV for <code>Accept: text/csv</code> or <code>?format=csv</code>; cells a spreadsheet
          would run as formulas are prefixed with an apostrophe. Lists are paged by an opaque <code>nextCursor</code> (also in a <code>Link</code> header): pass
          it back as <code>cursor</code> with the same filters.
        </p>

        <h2 id="stability">Stability</h2>
        <p>
          Within v1 we only add: routes, parameters, fields, enumeration values. Nothing is renamed, retyped or removed; build clients that ignore fields they
          do not know. Anything else would be a v2, announced here first.
        </p>

        <h2 id="reference">Reference</h2>
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`tag-${tag}`}>
            <h3 id={`tag-${tag}`}>{TAG_TITLES[tag] ?? tag}</h3>
            {operations
              .filter((operation) => operation.tag === tag)
              .map((operation) => (
                <section key={operation.path} aria-labelledby={operation.anchor} className="mt-6 rounded-lg border p-4">
                  <h4 id={operation.anchor} className="font-mono text-base break-all">
                    <span className="rounded bg-primary/10 px-1.5 py-0.5 text-primary">{operation.method}</span> {operation.path}
                  </h4>
                  <p>{operation.summary}</p>
                  {operation.parameters.length ? (
                    <div className="relative overflow-x-auto">
                      <table>
                        <caption className="sr-only">Parameters of {operation.path}</caption>
                        <thead>
                          <tr>
                            <th scope="col">Parameter</th>
                            <th scope="col">In</th>
                            <th scope="col">Type</th>
                            <th scope="col">Description</th>
                          </tr>
                        </thead>
                        <tbody>
                          {operation.parameters.map((parameter) => (
                            <tr key={`${parameter.in}-${parameter.name}`}>
                              <td>
                                <code>{parameter.name}</code>
                                {parameter.required ? ' (required)' : ''}
                              </td>
                              <td>{parameter.in}</td>
                              <td className="break-all">{parameter.type}</td>
                              <td>{parameter.description ?? ''}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  ) : null}
                  <p className="font-medium">Answers</p>
                  <ul>
                    {operation.responses.map((response) => (
                      <li key={response.status}>
                        <code>{response.status}</code> {response.description}
                        {response.mediaTypes.length ? ` (${response.mediaTypes.join(', ')})` : ''}
                      </li>
                    ))}
                  </ul>
                  {operation.answerSchema ? (
                    <details>
                      <summary>Schema of the 200 answer</summary>
                      <pre className="max-h-96 overflow-auto text-xs">{operation.answerSchema}</pre>
                    </details>
                  ) : null}
                </section>
              ))}
          </section>
        ))}

        <h2 id="explorer">{OPEN_API_EXPLORER_TEXTS.heading}</h2>
        <p>{OPEN_API_EXPLORER_TEXTS.intro}</p>
        <ApiExplorer documentUrl="/api/v1/openapi.json" />

        <h2 id="changelog">Changelog</h2>
        {API_CHANGELOG.map((entry) => (
          <section key={entry.version} aria-label={`Version ${entry.version}`}>
            <h3>
              {entry.version}, {formatDate(entry.date)}
            </h3>
            <ul>
              {entry.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </section>
        ))}
      </article>
    </>
  );
}
