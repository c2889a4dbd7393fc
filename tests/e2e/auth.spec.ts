import type { Page } from '@playwright/test';

import { AUTH_MESSAGES } from '../../lib/messages/auth';
import {
  accountMenuButton,
  acceptCookiesUpFront,
  createConfirmedAccount,
  expect,
  headerLogIn,
  headerSignUp,
  signUpViaApi,
  strongPassword,
  test,
} from './support/auth';
import { mailsTo, uniqueEmail, waitForCode } from './support/mail';

test.describe.configure({ mode: 'parallel' });

// Desktop (1366 × 900): Log In and Sign Up in the header open the auth modal (SPEC §2, §4). Every test makes its
// own account and, through the `test` of support/auth, has a client address of its own for the rate limits.

const PAGE_WITH_HEADER = '/company/about';

test.beforeEach(async ({ page }) => {
  // Whole flows of several server round trips (password hashing, mail) each: give them 3 × the usual time.
  test.slow();
  await acceptCookiesUpFront(page);
});

/** The auth modal showing one step, found by its title. */
function authDialog(page: Page, title: 'Log In' | 'Create your account' | 'Forgot password' | 'Choose a new password' | 'Verify your email') {
  return page.getByRole('dialog', { name: title, exact: true });
}

/** Opens the page and waits until the session is known and the signed-out actions show. */
async function openSignedOut(page: Page) {
  await page.goto(PAGE_WITH_HEADER);
  // The first session fetch of a page (hydration, then /api/auth/session) can be slow on a busy machine.
  await expect(headerLogIn(page)).toBeVisible({ timeout: 30_000 });
}

/** Fills and sends the sign-up step of the modal; leaves the modal on the verify step. */
async function signUpInModal(page: Page, email: string, password: string) {
  await headerSignUp(page).click();
  const dialog = authDialog(page, 'Create your account');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const verify = authDialog(page, 'Verify your email');
  await expect(verify).toBeVisible();
  await expect(verify).toContainText(email);
  return verify;
}

/** Logs in through the modal's login step (opened from the header). */
async function logInInModal(page: Page, email: string, password: string) {
  await headerLogIn(page).click();
  const dialog = authDialog(page, 'Log In');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  return dialog;
}

async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(headerLogIn(page)).toBeHidden();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { email?: string } } | null;
  expect(session?.user?.email).toBe(email);
}

async function signOutFromMenu(page: Page) {
  await accountMenuButton(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText(AUTH_MESSAGES.signedOut, { exact: true })).toBeVisible();
  await expect(headerLogIn(page)).toBeVisible();
  await expect(accountMenuButton(page)).toBeHidden();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: unknown } | null;
  expect(session?.user).toBeUndefined();
}

/** A 6-digit code that is not the given one. */
/** From the header: Log In, Forgot password?, the email, Send reset code; returns the dialog asking for the code. */
async function requestResetCode(page: Page, email: string) {
  await headerLogIn(page).click();
  await authDialog(page, 'Log In').getByRole('button', { name: 'Forgot password?', exact: true }).click();
  const forgot = authDialog(page, 'Forgot password');
  await forgot.getByLabel('Email', { exact: true }).fill(email);
  await forgot.getByRole('button', { name: 'Send reset code', exact: true }).click();
  return authDialog(page, 'Choose a new password');
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

test.describe('sign-up', () => {
  test('sign-up → mailed code → verify signs in; the account menu has its entries; Sign out signs out', async ({ page }) => {
    const email = uniqueEmail('signup');
    const password = strongPassword();
    await openSignedOut(page);

    const verify = await signUpInModal(page, email, password);
    const code = await waitForCode(email);
    const [mail] = await mailsTo(email);
    expect(mail.subject).not.toBe('');
    await verify.getByLabel('Verification code', { exact: true }).fill(code);
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();

    await expect(page.getByText(AUTH_MESSAGES.emailVerified, { exact: true })).toBeVisible();
    await expectSignedIn(page, email);

    await accountMenuButton(page).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(email);
    await expect(menu.getByRole('menuitem', { name: 'Account Settings', exact: true })).toHaveAttribute('href', '/my/settings');
    await expect(menu.getByRole('menuitem', { name: 'Watchlists', exact: true })).toHaveAttribute('href', '/my/watchlists');
    const portfolio = menu.getByRole('menuitem', { name: /^Portfolio/ });
    await expect(portfolio).toHaveAttribute('href', '/my/portfolio');
    await expect(portfolio).toContainText(/Work in progress/i);
    await expect(menu.getByRole('menuitem', { name: 'Guided Tour', exact: true })).toHaveAttribute('href', '/?tour=true');
    await expect(menu.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // The session survives a reload.
    await page.reload();
    await expect(accountMenuButton(page)).toBeVisible();

    await signOutFromMenu(page);
    await page.reload();
    await expect(headerLogIn(page)).toBeVisible();
  });

  test('validation: invalid email, weak password, Sign Up enabled only when valid and the terms are ticked', async ({ page }) => {
    await openSignedOut(page);
    await headerSignUp(page).click();
    const dialog = authDialog(page, 'Create your account');
    const email = dialog.getByLabel('Email', { exact: true });
    const password = dialog.getByLabel('Password', { exact: true });
    const terms = dialog.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
    const submit = dialog.getByRole('button', { name: 'Sign Up', exact: true });

    await expect(submit).toBeDisabled();
    await email.fill('not-an-email');
    await expect(dialog.getByText(AUTH_MESSAGES.invalidEmail, { exact: true })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(uniqueEmail('validation'));
    await expect(dialog.getByText(AUTH_MESSAGES.invalidEmail, { exact: true })).toBeHidden();

    for (const weak of ['abc12', 'abcdefghij', '1234567890']) {
      await password.fill(weak);
      await expect(dialog.getByText(AUTH_MESSAGES.passwordRequirements, { exact: true })).toBeVisible();
      await terms.check();
      await expect(submit).toBeDisabled();
      await terms.uncheck();
    }
    await password.fill(strongPassword());
    await expect(dialog.getByText(AUTH_MESSAGES.passwordRequirements, { exact: true })).toBeHidden();
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();
    await terms.uncheck();
    await expect(submit).toBeDisabled();
    await terms.check();
    await email.fill('still-not-an-email');
    await expect(submit).toBeDisabled();
  });

  test('an already registered email shows "This email has been taken." on the email field', async ({ page, request }) => {
    const email = uniqueEmail('taken');
    await signUpViaApi(request, email, strongPassword());
    await openSignedOut(page);

    await headerSignUp(page).click();
    const dialog = authDialog(page, 'Create your account');
    await dialog.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await dialog.getByLabel('Password', { exact: true }).fill(strongPassword());
    await dialog.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(dialog.getByText(AUTH_MESSAGES.emailTaken, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(authDialog(page, 'Verify your email')).toBeHidden();
    // Only the first sign-up mailed a code.
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

test.describe('verify email', () => {
  test('a wrong 6-digit code shows "Incorrect or expired verification code"; the right one then signs in', async ({ page }) => {
    const email = uniqueEmail('wrongcode');
    await openSignedOut(page);
    const verify = await signUpInModal(page, email, strongPassword());
    const code = await waitForCode(email);

    await verify.getByLabel('Verification code', { exact: true }).fill(otherCode(code));
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(verify.getByRole('alert')).toHaveText(AUTH_MESSAGES.verificationCodeInvalid);
    await expect(verify).toBeVisible();

    await verify.getByLabel('Verification code', { exact: true }).fill(code);
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectSignedIn(page, email);
  });

  test('the Resend countdown runs for 60 s; then Resend mails a new code, which verifies while the old one does not', async ({ page }) => {
    // The page's clock is faked to pass the countdown, but the server keeps its own 60 s cooldown on real time.
    test.setTimeout(150_000);
    const email = uniqueEmail('resend');
    await page.clock.install();
    await openSignedOut(page);

    const verify = await signUpInModal(page, email, strongPassword());
    const signedUpAt = Date.now();
    const firstCode = await waitForCode(email);
    const resend = verify.getByRole('button', { name: /^Resend/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^Resend \((60|59|58)s\)$/);
    const secondsShown = async () => Number((await resend.textContent())?.match(/\((\d+)s\)/)?.[1]);
    const before = await secondsShown();

    await page.clock.fastForward('00:10');
    await expect.poll(secondsShown).toBeLessThanOrEqual(before - 10);
    await expect(resend).toBeDisabled();

    await page.clock.fastForward('01:01');
    await expect(resend).toHaveText('Resend');
    await expect(resend).toBeEnabled();

    // Let the server's real-time cooldown pass before asking for a new code.
    const wait = signedUpAt + 61_000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await resend.click();
    await expect(page.getByText(AUTH_MESSAGES.confirmationSent(email), { exact: true })).toBeVisible();
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^Resend \(\d+s\)$/);
    const secondCode = await waitForCode(email, 2);
    expect(await mailsTo(email)).toHaveLength(2);

    if (secondCode !== firstCode) {
      await verify.getByLabel('Verification code', { exact: true }).fill(firstCode);
      await verify.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(verify.getByRole('alert')).toHaveText(AUTH_MESSAGES.verificationCodeInvalid);
    }
    await verify.getByLabel('Verification code', { exact: true }).fill(secondCode);
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectSignedIn(page, email);
  });
});

test.describe('log in', () => {
  test('a wrong password shows the mismatch message; the right one signs in', async ({ page, request }) => {
    const email = uniqueEmail('wrongpw');
    const password = strongPassword();
    await createConfirmedAccount(request, email, password);
    await openSignedOut(page);

    const dialog = await logInInModal(page, email, `${password}x`);
    await expect(dialog.getByRole('alert')).toHaveText(AUTH_MESSAGES.loginMismatch);
    await expect(accountMenuButton(page)).toBeHidden();

    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expectSignedIn(page, email);
  });

  test('an unknown email shows the same mismatch message', async ({ page }) => {
    await openSignedOut(page);
    const dialog = await logInInModal(page, uniqueEmail('nobody'), strongPassword());
    await expect(dialog.getByRole('alert')).toHaveText(AUTH_MESSAGES.loginMismatch);
  });

  test('logging in to an unconfirmed account moves to the verify step; its code then signs in', async ({ page, request }) => {
    const email = uniqueEmail('unconfirmed');
    const password = strongPassword();
    await signUpViaApi(request, email, password);
    await openSignedOut(page);

    await logInInModal(page, email, password);
    const verify = authDialog(page, 'Verify your email');
    await expect(verify).toBeVisible();
    await expect(verify.getByLabel('Verification code', { exact: true })).toBeVisible();
    await expect(verify).toContainText(email);

    await verify.getByLabel('Verification code', { exact: true }).fill(await waitForCode(email));
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(AUTH_MESSAGES.emailVerified, { exact: true })).toBeVisible();
    await expectSignedIn(page, email);
  });
});

test.describe('forgot password', () => {
  test('forgot → mailed code → reset signs in with the new password; the old one is refused, the new one works', async ({ page, request }) => {
    const email = uniqueEmail('forgot');
    const oldPassword = strongPassword();
    const newPassword = strongPassword();
    await createConfirmedAccount(request, email, oldPassword);
    await openSignedOut(page);

    const reset = await requestResetCode(page, email);
    await expect(reset).toBeVisible();
    await expect(reset).toContainText(email);
    const resetCode = await waitForCode(email, 2);
    const submit = reset.getByRole('button', { name: 'Set new password', exact: true });
    await reset.getByLabel('Reset code', { exact: true }).fill(resetCode);
    await reset.getByLabel('New password', { exact: true }).fill('weakpass');
    await expect(reset.getByText(AUTH_MESSAGES.passwordRequirements, { exact: true })).toBeVisible();
    await expect(submit).toBeDisabled();
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expectSignedIn(page, email);

    await signOutFromMenu(page);

    const login = await logInInModal(page, email, oldPassword);
    await expect(login.getByRole('alert')).toHaveText(AUTH_MESSAGES.loginMismatch);
    await login.getByLabel('Password', { exact: true }).fill(newPassword);
    await login.getByRole('button', { name: 'Log In', exact: true }).click();
    await expectSignedIn(page, email);
  });

  test('a wrong reset code is refused with "Invalid code provided, please request a code again."', async ({ page, request }) => {
    const email = uniqueEmail('badreset');
    const password = strongPassword();
    await createConfirmedAccount(request, email, password);
    await openSignedOut(page);

    const reset = await requestResetCode(page, email);
    const resetCode = await waitForCode(email, 2);
    await reset.getByLabel('Reset code', { exact: true }).fill(otherCode(resetCode));
    await reset.getByLabel('New password', { exact: true }).fill(strongPassword());
    await reset.getByRole('button', { name: 'Set new password', exact: true }).click();
    await expect(reset.getByRole('alert')).toHaveText(AUTH_MESSAGES.resetCodeInvalid);
    await expect(accountMenuButton(page)).toBeHidden();
  });
});

test.describe('sign out', () => {
  // A /my/* request in flight when the sign-out lands (a link prefetch, say) must not sign the user back in:
  // the middleware only reads the session cookie, it never re-issues it.
  test('sign-out is not undone by a /my request in flight', async ({ page, request }) => {
    const email = uniqueEmail('signoutrace');
    const password = strongPassword();
    await createConfirmedAccount(request, email, password);
    await openSignedOut(page);
    await logInInModal(page, email, password);
    await expectSignedIn(page, email);

    // Hold /my/* answers back for a moment, as a slow prefetch would be: the request goes out now with the
    // browser's cookies (fetched outside the browser, so its cookie jar is untouched), and its answer, with any
    // Set-Cookie, reaches the browser 1.5 s later.
    await page.route(/\/my\//, async (route) => {
      const sent = route.request();
      const answer = await fetch(sent.url(), { headers: await sent.allHeaders(), redirect: 'manual' });
      const body = Buffer.from(await answer.arrayBuffer());
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-encoding' && name !== 'content-length') headers[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies.join('\n');
      await route.fulfill({ status: answer.status, headers, body });
    });
    const inFlight = page.evaluate(() => fetch('/my/watchlists', { headers: { RSC: '1' } }).then((response) => response.status));
    await accountMenuButton(page).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText(AUTH_MESSAGES.signedOut, { exact: true })).toBeVisible();
    await inFlight;

    const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: unknown } | null;
    expect(session?.user).toBeUndefined();
    await page.reload();
    await expect(headerLogIn(page)).toBeVisible();
  });
});

test.describe('required session', () => {
  test('/my/watchlists signed out redirects to /auth/login with SessionRequired; logging in there returns to it', async ({ page, request }) => {
    const email = uniqueEmail('redirect');
    const password = strongPassword();
    await createConfirmedAccount(request, email, password);

    await page.goto('/my/watchlists');
    await expect(page).toHaveURL(/\/auth\/login\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/auth/login');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe('/my/watchlists');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await main.getByLabel('Email', { exact: true }).fill(email);
    await main.getByLabel('Password', { exact: true }).fill(password);
    await main.getByRole('button', { name: 'Log In', exact: true }).click();

    await expect(page).toHaveURL(/\/my\/watchlists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Watchlists' })).toBeVisible();
    await expect(accountMenuButton(page)).toBeVisible();
  });
});
