import 'server-only';

import { BRAND_NAME } from '@/lib/constants';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

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

/** A plain notice without a code: a heading line, paragraphs, and an optional link. */
export function noticeMail(to: string, subject: string, paragraphs: string[], link?: { text: string; url: string }): Mail {
  const text = ['Hello,', '', ...paragraphs.flatMap((line) => [line, '']), ...(link ? [`${link.text}: ${link.url}`, ''] : []), `The ${BRAND_NAME} team`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f1b3d;line-height:1.5">
<p>Hello,</p>${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>` : ''}
<p>The ${escapeHtml(BRAND_NAME)} team</p></body></html>`;
  return { to, subject, text, html };
}

const lockedAtText = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** Tells a staff member their authenticator codes were locked by wrong codes, and how to get back in (no code in it). */
export function staffFactorLockedMail(to: string, failures: number, lockedAt: Date, verifyUrl: string): Mail {
  return noticeMail(to, STAFF_MESSAGES.factorLockedMailSubject, STAFF_MESSAGES.factorLockedMail(failures, `${lockedAtText.format(lockedAt)} UTC`), {
    text: STAFF_MESSAGES.factorLockedMailLink,
    url: verifyUrl,
  });
}

/** What an alert mail says of its alert, and where its links lead. */
export type AlertMailContent = { title: string; type: string; projectName: string; occurredOn: string; alertUrl: string; settingsUrl: string; unsubscribeUrl: string };

/** The mail that tells a watcher of an alert published on a project they watch, with a way to stop these mails. */
export function alertMail(to: string, alert: AlertMailContent): Mail {
  const subject = `Security alert on ${alert.projectName}: ${alert.title}`.slice(0, 200);
  const intro = `A security alert was published on ${alert.projectName}, a project in your watchlists.`;
  const facts = `${alert.type} · ${alert.occurredOn}`;
  const why = `You receive this because you watch ${alert.projectName}. Choose how you hear of alerts in Settings (${alert.settingsUrl}), or stop these e-mails:`;
  const text = ['Hello,', '', intro, '', alert.title, facts, '', `Read the alert: ${alert.alertUrl}`, '', why, alert.unsubscribeUrl, '', `The ${BRAND_NAME} team`].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f1b3d;line-height:1.5">
<p>Hello,</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(alert.alertUrl)}" style="font-size:18px;font-weight:700">${escapeHtml(alert.title)}</a><br>${escapeHtml(facts)}</p>
<p style="font-size:13px;color:#475569">You receive this because you watch ${escapeHtml(alert.projectName)}. Choose how you hear of alerts in <a href="${escapeHtml(alert.settingsUrl)}">Settings</a>, or <a href="${escapeHtml(alert.unsubscribeUrl)}">stop these e-mails</a>.</p>
<p>The ${escapeHtml(BRAND_NAME)} team</p></body></html>`;
  return { to, subject, text, html };
}

/** One alert as a digest lists it. */
export type DigestItem = { title: string; type: string; projectName: string; occurredOn: string; alertUrl: string };

/** What a daily digest lists: the alerts (at most a screenful), how many more there are, and where its links lead. */
export type DigestMailContent = { items: DigestItem[]; moreCount: number; notificationsUrl: string; settingsUrl: string; unsubscribeUrl: string };

/** The once-a-day mail listing the alerts published on a user's watched projects since their last digest. */
export function digestMail(to: string, digest: DigestMailContent): Mail {
  const total = digest.items.length + digest.moreCount;
  const subject = `Your daily ${BRAND_NAME} digest: ${total} security alert${total === 1 ? '' : 's'} on projects you watch`;
  const intro = `${total === 1 ? 'One security alert was' : `${total} security alerts were`} published on projects in your watchlists since your last digest.`;
  const more = digest.moreCount > 0 ? `And ${digest.moreCount} more: see all your notifications` : 'All your notifications';
  const why = `You receive this daily digest because you watch these projects. Choose how you hear of alerts in Settings (${digest.settingsUrl}), or stop these e-mails:`;
  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...digest.items.flatMap((item) => [`${item.title}`, `${item.projectName} · ${item.type} · ${item.occurredOn}`, item.alertUrl, '']),
    `${more}: ${digest.notificationsUrl}`,
    '',
    why,
    digest.unsubscribeUrl,
    '',
    `The ${BRAND_NAME} team`,
  ].join('\n');
  const rows = digest.items
    .map(
      (item) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(item.alertUrl)}" style="font-weight:700">${escapeHtml(item.title)}</a><br>${escapeHtml(`${item.projectName} · ${item.type} · ${item.occurredOn}`)}</li>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f1b3d;line-height:1.5">
<p>Hello,</p><p>${escapeHtml(intro)}</p>
<ul style="padding-left:18px">${rows}</ul>
<p><a href="${escapeHtml(digest.notificationsUrl)}">${escapeHtml(more)}</a></p>
<p style="font-size:13px;color:#475569">You receive this daily digest because you watch these projects. Choose how you hear of alerts in <a href="${escapeHtml(digest.settingsUrl)}">Settings</a>, or <a href="${escapeHtml(digest.unsubscribeUrl)}">stop these e-mails</a>.</p>
<p>The ${escapeHtml(BRAND_NAME)} team</p></body></html>`;
  return { to, subject, text, html };
}
