/**
 * The mails the auth service sends. The link or code is always in the plain-text body (what
 * text-only clients, the dev outbox and the tests read); the HTML part repeats it.
 */
import type { MailMessage } from '@kora/platform/mail';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function html(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

export function activationMail(input: { to: string; firstname: string; link: string; siteName: string }): MailMessage {
  const { to, firstname, link, siteName } = input;
  return {
    to,
    subject: `Activate your ${siteName} account`,
    text: [
      `Hello ${firstname},`,
      '',
      `Welcome to ${siteName}! Open this link to activate your account:`,
      '',
      link,
      '',
      'The link is valid for 24 hours. If you did not sign up, you can ignore this e-mail.',
    ].join('\n'),
    html: html([
      `Hello ${escapeHtml(firstname)},`,
      `Welcome to ${escapeHtml(siteName)}! Open this link to activate your account:`,
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      'The link is valid for 24 hours. If you did not sign up, you can ignore this e-mail.',
    ]),
  };
}

export function recoveryCodeMail(input: { to: string; firstname: string; code: string; siteName: string }): MailMessage {
  const { to, firstname, code, siteName } = input;
  return {
    to,
    subject: `Your ${siteName} password reset code`,
    text: [
      `Hello ${firstname},`,
      '',
      `Your password reset code is: ${code}`,
      '',
      'It is valid for 10 minutes and works once. If you did not ask to reset your password, you can ignore this e-mail; your password has not changed.',
    ].join('\n'),
    html: html([
      `Hello ${escapeHtml(firstname)},`,
      `Your password reset code is: <strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong>`,
      'It is valid for 10 minutes and works once. If you did not ask to reset your password, you can ignore this e-mail; your password has not changed.',
    ]),
  };
}

const notYou = 'If this was not you, change your password now and end the sessions you do not recognise in Settings > Security:';

export function newSignInMail(input: {
  to: string;
  firstname: string;
  device: string;
  ip: string;
  when: string;
  link: string;
  siteName: string;
  /** Whether the sign-in passed a two-step code (decision 033). */
  twoStep: boolean;
}): MailMessage {
  const { to, firstname, device, ip, when, link, siteName, twoStep } = input;
  const method = twoStep ? 'Two-step sign-in: used (password and code).' : 'Two-step sign-in: not used (password only).';
  const facts = `Device: ${device}. Address: ${ip || 'unknown'}. Time: ${when}. ${method}`;
  return {
    to,
    subject: `New sign-in to your ${siteName} account`,
    text: [
      `Hello ${firstname},`,
      '',
      `Your ${siteName} account was just signed in to from a new device.`,
      '',
      facts,
      '',
      notYou,
      '',
      link,
    ].join('\n'),
    html: html([
      `Hello ${escapeHtml(firstname)},`,
      `Your ${escapeHtml(siteName)} account was just signed in to from a new device.`,
      escapeHtml(facts),
      escapeHtml(notYou),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
    ]),
  };
}

export function passwordChangedMail(input: { to: string; firstname: string; when: string; link: string; siteName: string }): MailMessage {
  const { to, firstname, when, link, siteName } = input;
  const what = `The password of your ${siteName} account was changed on ${when}. Sessions signed in before the change were signed out.`;
  const advice =
    'If this was not you, reset your password now with "Forgot password" on the sign-in page, then check your sessions in Settings > Security:';
  return {
    to,
    subject: `Your ${siteName} password was changed`,
    text: [`Hello ${firstname},`, '', what, '', advice, '', link].join('\n'),
    html: html([
      `Hello ${escapeHtml(firstname)},`,
      escapeHtml(what),
      escapeHtml(advice),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
    ]),
  };
}

/** The sign-in lock (decision 033): the owner's way back in, since nobody else reads this mail. */
export function signInLockedMail(input: { to: string; firstname: string; link: string; siteName: string }): MailMessage {
  const { to, firstname, link, siteName } = input;
  const what = `There were too many failed attempts to sign in to your ${siteName} account, so signing in is locked. Open this link to unlock it:`;
  const advice =
    'If these attempts were not yours, someone may be guessing your password: after unlocking, consider changing it in Settings > Security, and turn on two-step sign-in there.';
  return {
    to,
    subject: `Sign-in to your ${siteName} account is locked`,
    text: [`Hello ${firstname},`, '', what, '', link, '', advice].join('\n'),
    html: html([
      `Hello ${escapeHtml(firstname)},`,
      escapeHtml(what),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      escapeHtml(advice),
    ]),
  };
}
