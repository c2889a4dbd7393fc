// Signed-in users for the cluster bench, made as a visitor makes one: sign-up through the API, the code read from the
// cluster's mail catcher, confirmation, then the Auth.js credentials flow. Returns the Cookie header of the session.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Cookies set by a response, as name=value pairs. */
function cookiesOf(response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';', 1)[0]);
}

async function postJson(url, body, headers = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** The six-digit code of the latest mail the catcher holds for `email`. */
async function waitForCode(mailUrl, email, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await (await fetch(`${mailUrl}?to=${encodeURIComponent(email)}`)).json();
    const code = mails.at(-1)?.text?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await sleep(250);
  }
  throw new Error(`No confirmation code was mailed to ${email} within ${timeoutMs / 1000} s.`);
}

/** A confirmed account; `headers` may carry an X-Forwarded-For so each account spends a budget of its own. */
export async function createConfirmedAccount(origin, mailUrl, email, password, headers = {}) {
  await postJson(`${origin}/api/auth/signup`, { email, password }, headers);
  const verificationCode = await waitForCode(mailUrl, email);
  await postJson(`${origin}/api/auth/verify-email`, { email, verificationCode }, headers);
}

/** Signs in with the credentials flow and returns the Cookie header of the session. */
export async function signIn(origin, email, password, headers = {}) {
  const csrf = await fetch(`${origin}/api/auth/csrf`, { headers, signal: AbortSignal.timeout(30_000) });
  const { csrfToken } = await csrf.json();
  const jar = cookiesOf(csrf);
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', cookie: jar.join('; ') },
    body: new URLSearchParams({ csrfToken, email, password }).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const { url } = await response.json();
  if (response.status !== 200 || new URL(url).searchParams.get('error')) throw new Error(`Sign-in of ${email} refused: ${response.status} ${url}`);
  const session = cookiesOf(response).filter((cookie) => /session-token/.test(cookie));
  if (session.length === 0) throw new Error(`Sign-in of ${email} set no session cookie.`);
  return session.join('; ');
}

/** A new confirmed and signed-in user: `{ email, password, cookie }`. */
export async function newSignedInUser(origin, mailUrl, prefix, headers = {}) {
  const email = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = `Pw${Math.random().toString(36).slice(2, 8)}42x`;
  await createConfirmedAccount(origin, mailUrl, email, password, headers);
  return { email, password, cookie: await signIn(origin, email, password, headers) };
}
