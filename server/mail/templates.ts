import 'server-only';

import { BRAND_NAME } from '@/lib/constants';

import type { Mail } from './index';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function codeMail(to: string, subject: string, intro: string, code: string, validity: string): Mail {
  const text = [
    `Hello,`,
    ``,
    intro,
    ``,
    `Your code: ${code}`,
    ``,
    `It is valid for ${validity} and can be used once. If you did not ask for it, you can ignore this message.`,
    ``,
    `The ${BRAND_NAME} team`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f1b3d;line-height:1.5">
<p>Hello,</p><p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">${escapeHtml(code)}</p>
<p>It is valid for ${escapeHtml(validity)} and can be used once. If you did not ask for it, you can ignore this message.</p>
<p>The ${escapeHtml(BRAND_NAME)} team</p></body></html>`;
  return { to, subject, text, html };
}

/** The mail that confirms a new account's email address. */
export function verificationMail(to: string, code: string, validity: string): Mail {
  return codeMail(to, `Your ${BRAND_NAME} verification code`, `Use this code to confirm your email address for ${BRAND_NAME}.`, code, validity);
}

/** The mail that lets a user choose a new password. */
export function passwordResetMail(to: string, code: string, validity: string): Mail {
  return codeMail(to, `Your ${BRAND_NAME} password reset code`, `Use this code to choose a new password for your ${BRAND_NAME} account.`, code, validity);
}
