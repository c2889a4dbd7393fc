import { AUTH_MESSAGES } from '../../lib/messages/auth';
import { accountMenuButton, createConfirmedAccount, expect, headerLogIn, signUpViaApi, strongPassword, test } from './support/auth';
import { authDialog, expectSignedIn, logInInModal, openSignedOut, otherCode, requestResetCode, runAuthFlows, signOutFromMenu } from './support/auth-modal';
import { uniqueEmail, waitForCode } from './support/mail';

runAuthFlows();

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
