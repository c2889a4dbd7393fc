import { AUTH_MESSAGES } from '../../lib/messages/auth';
import { accountMenuButton, expect, headerLogIn, headerSignUp, signUpViaApi, strongPassword, test } from './support/auth';
import { authDialog, expectSignedIn, openSignedOut, otherCode, runAuthFlows, signOutFromMenu, signUpInModal } from './support/auth-modal';
import { mailsTo, uniqueEmail, waitForCode } from './support/mail';

runAuthFlows();

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
