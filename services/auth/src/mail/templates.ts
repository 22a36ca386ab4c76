/**
 * The mails the auth service sends, in the current language (the member's: mail-language.ts). The
 * link or code is always in the plain-text body (what text-only clients, the dev outbox and the
 * tests read); the HTML part repeats it.
 */
import { authMailTexts as t } from '@kora/contracts';
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
    subject: t.activationSubject(siteName),
    text: [t.hello(firstname), '', t.activationWelcome(siteName), '', link, '', t.activationValidity].join('\n'),
    html: html([
      escapeHtml(t.hello(firstname)),
      escapeHtml(t.activationWelcome(siteName)),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      escapeHtml(t.activationValidity),
    ]),
  };
}

export function recoveryCodeMail(input: { to: string; firstname: string; code: string; siteName: string }): MailMessage {
  const { to, firstname, code, siteName } = input;
  const codeLine = escapeHtml(t.recoveryCode(code)).replace(code, `<strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong>`);
  return {
    to,
    subject: t.recoverySubject(siteName),
    text: [t.hello(firstname), '', t.recoveryCode(code), '', t.recoveryValidity].join('\n'),
    html: html([escapeHtml(t.hello(firstname)), codeLine, escapeHtml(t.recoveryValidity)]),
  };
}

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
  const method = twoStep ? t.twoStepUsed : t.twoStepNotUsed;
  const facts = `${t.signInFacts(device, ip || t.unknownAddress, when)} ${method}`;
  return {
    to,
    subject: t.newSignInSubject(siteName),
    text: [t.hello(firstname), '', t.newSignInWhat(siteName), '', facts, '', t.notYou, '', link].join('\n'),
    html: html([
      escapeHtml(t.hello(firstname)),
      escapeHtml(t.newSignInWhat(siteName)),
      escapeHtml(facts),
      escapeHtml(t.notYou),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
    ]),
  };
}

export function passwordChangedMail(input: { to: string; firstname: string; when: string; link: string; siteName: string }): MailMessage {
  const { to, firstname, when, link, siteName } = input;
  const what = t.passwordChangedWhat(siteName, when);
  const advice = t.passwordChangedAdvice;
  return {
    to,
    subject: t.passwordChangedSubject(siteName),
    text: [t.hello(firstname), '', what, '', advice, '', link].join('\n'),
    html: html([
      escapeHtml(t.hello(firstname)),
      escapeHtml(what),
      escapeHtml(advice),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
    ]),
  };
}

/** The sign-in lock (decision 033): the owner's way back in, since nobody else reads this mail. */
export function signInLockedMail(input: { to: string; firstname: string; link: string; siteName: string }): MailMessage {
  const { to, firstname, link, siteName } = input;
  const what = t.lockedWhat(siteName);
  const advice = t.lockedAdvice;
  return {
    to,
    subject: t.lockedSubject(siteName),
    text: [t.hello(firstname), '', what, '', link, '', advice].join('\n'),
    html: html([
      escapeHtml(t.hello(firstname)),
      escapeHtml(what),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      escapeHtml(advice),
    ]),
  };
}
