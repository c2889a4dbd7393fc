import { expect, test, type APIResponse, type Page, type Response } from '@playwright/test';

import { acceptCookiesUpFront, MEMBER_STATE } from './support/auth';
import { FLAGS_OFF_URL } from './support/servers';

test.describe.configure({ mode: 'parallel' });

let serial = 0;
/** A page of another origin (the second app server's), written by the test so no policy of ours applies to it. */
const ATTACKER_PAGE = `${FLAGS_OFF_URL}/__attacker.html`;

type Headers = { name: string; value: string }[];

/** The headers every response must carry, each once. */
function expectSecurityHeaders(headers: Headers, label: string) {
  const values = (name: string) => headers.filter((header) => header.name.toLowerCase() === name).map((header) => header.value);
  const csp = values('content-security-policy');
  expect(csp, `${label}: one Content-Security-Policy`).toHaveLength(1);
  expect(csp[0], label).toContain("frame-ancestors 'none'");
  expect(csp[0], label).not.toContain("'unsafe-eval'");
  expect(values('x-frame-options'), label).toEqual(['DENY']);
  expect(values('x-content-type-options'), label).toEqual(['nosniff']);
  expect(values('referrer-policy'), label).toEqual(['strict-origin-when-cross-origin']);
  expect(values('permissions-policy')[0] ?? '', label).toContain('camera=()');
  // The e2e site runs on plain http: HSTS would be wrong there.
  expect(values('strict-transport-security'), label).toEqual([]);
}

const headersOf = async (response: Response | APIResponse | null) => {
  expect(response).not.toBeNull();
  return response!.headersArray();
};

/** Collects Content-Security-Policy violations, from the console and from the DOM's own event. */
async function collectCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

test.describe('this site', () => {
  // A client address of its own for the page (rate limits are per address), set on the page only (see below);
  // cookies accepted up front so the banner does not cover the page.
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${(process.pid % 200) + 40}.${(testInfo.workerIndex + 150) % 256}.${++serial % 256}` });
    await acceptCookiesUpFront(page);
  });

  test('pages, the API and static files carry the security headers, each once', async ({ page, request }) => {
    const home = await page.goto('/');
    expectSecurityHeaders(await headersOf(home), '/');
    expectSecurityHeaders(await headersOf(await page.goto('/projects/bitcoin')), '/projects/bitcoin');
    expectSecurityHeaders(await headersOf(await request.get('/api/search-project?keyword=bit')), '/api/search-project');
    const signedOut = await request.get('/my/settings', { maxRedirects: 0 });
    expect(signedOut.status()).toBe(307);
    expectSecurityHeaders(await headersOf(signedOut), '/my/settings signed out');
    expectSecurityHeaders(await headersOf(await request.get('/auth/login')), '/auth/login');
    expectSecurityHeaders(await headersOf(await request.get('/.well-known/security.txt')), 'security.txt');

    await page.goto('/');
    const script = await page.locator('script[src*="/_next/static/"]').first().getAttribute('src');
    expect(script).toBeTruthy();
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expectSecurityHeaders(await headersOf(asset), script!);
  });

  test('security.txt names a contact and an expiry', async ({ request }) => {
    const response = await request.get('/.well-known/security.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^Contact: \S+$/m);
    expect(text).toMatch(/^Expires: \d{4}-\d\d-\d\dT/m);
  });

  test('the home page, a project page and the sign-in page load with no CSP violation', async ({ page }) => {
    // Three pages, each until its network is idle: three pages' time (CI's loaded runs took up to 52 s).
    test.slow();
    const violations = await collectCspViolations(page);
    for (const path of ['/', '/projects/bitcoin', '/auth/login']) {
      await page.goto(path);
      // networkidle: a violation can come from anything the page loads late, and no element says it all has.
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
  });

  test.describe('signed in', () => {
    test.use({ storageState: MEMBER_STATE });

    test('/my/settings: headers, and no CSP violation while it loads and works', async ({ page }) => {
      const violations = await collectCspViolations(page);
      await page.goto('/my/settings');
      await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
      expectSecurityHeaders(await headersOf(await page.reload()), '/my/settings signed in');
      // networkidle: as above, nothing on the page says that everything it loads late has loaded.
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  });

});

// No client address here: extra headers set by the test runner could turn the browser's simple requests into preflighted ones.
test.describe('another origin', () => {
  test.beforeEach(async ({ page }) => {
    // The attacker's page: served for the second server's origin by the test itself, so it carries no policy.
    await page.route(ATTACKER_PAGE, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><p>elsewhere</p>' }));
  });

  test('cannot frame /my/settings: the frame shows none of the site', async ({ page, baseURL }) => {
    await page.goto(ATTACKER_PAGE);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.id = 'victim';
      frame.src = src;
      frame.addEventListener('load', () => document.body.setAttribute('data-frame-loaded', 'yes'));
      document.body.append(frame);
    }, `${baseURL}/my/settings`);
    // The browser loads the frame (a redirect to the sign-in page, for a visitor), refuses to show it, and fires
    // load on its own error page: none of the site's text or fields are inside.
    await expect(page.locator('body')).toHaveAttribute('data-frame-loaded', 'yes');
    const frame = page.frameLocator('#victim');
    await expect(frame.locator('input')).toHaveCount(0);
    await expect(frame.getByText('Log In')).toHaveCount(0);
  });

  test("a cross-site POST to the vote API is refused with 403 and the vote is not counted, even with the site's cookies", async ({ page, request, baseURL }) => {
    const count = async () => ((await (await request.get('/api/projects/average-yes-percentage?id=ethereum')).json()) as { votes: number }).votes;
    const target = `${baseURL}/api/projects/vote`;
    const vote = JSON.stringify({ id: 'ethereum', vote: true });

    // What the server says, with each header a browser sends from another site; nothing is counted.
    const before = await count();
    const fromAnotherOrigin = await request.post(target, { headers: { origin: FLAGS_OFF_URL, 'content-type': 'application/json' }, data: vote });
    expect(fromAnotherOrigin.status()).toBe(403);
    const crossSiteFetch = await request.post(target, { headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, data: vote });
    expect(crossSiteFetch.status()).toBe(403);
    const oldMediaTrick = await request.post(target, { headers: { origin: FLAGS_OFF_URL, 'content-type': 'text/plain; application/json' }, data: vote });
    expect(oldMediaTrick.status()).toBe(403);
    expect(await count()).toBe(before);

    // From a real page of another origin, with the site's cookies in the browser: a JSON request needs a CORS
    // preflight, which the site never grants, and a "simple" no-cors request is refused; no vote is counted.
    await page.goto('/projects/ethereum');
    await page.goto(ATTACKER_PAGE);
    const corsResult = await page.evaluate(
      (url) =>
        fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'ethereum', vote: true }) }).then(
          (response) => `status ${response.status}`,
          () => 'blocked',
        ),
      target,
    );
    expect(['blocked', 'status 403']).toContain(corsResult);
    await page.evaluate(
      (url) =>
        fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain; application/json' }, body: JSON.stringify({ id: 'ethereum', vote: true }) }).catch(
          () => undefined,
        ),
      target,
    );
    expect(await count()).toBe(before);

    // The same vote from the site itself is counted: the refusals above were about where it came from.
    const sameSite = await request.post(target, { headers: { origin: baseURL!, 'content-type': 'application/json' }, data: vote });
    expect(sameSite.status()).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
