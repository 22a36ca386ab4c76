/**
 * The mails of leaving and moving (decision 034): a deletion scheduled or cancelled, and the two
 * mails of an e-mail change (the confirm link to the new address, the notice to the old one).
 */
import type { MailMessage } from '@kora/platform/mail';
import { escapeHtml, html } from './templates.js';

interface Greeting {
  to: string;
  firstname: string;
  siteName: string;
}

function mail(input: Greeting, subject: string, lines: string[], link?: string): MailMessage {
  const body = link ? [...lines, link] : lines;
  return {
    to: input.to,
    subject,
    text: [`Hello ${input.firstname},`, '', ...body.flatMap((l) => [l, ''])].join('\n').trimEnd(),
    html: html([
      `Hello ${escapeHtml(input.firstname)},`,
      ...lines.map(escapeHtml),
      ...(link ? [`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`] : []),
    ]),
  };
}

export function deletionScheduledMail(input: Greeting & { deleteAt: string; link: string }): MailMessage {
  return mail(
    input,
    `Your ${input.siteName} account will be deleted`,
    [
      `You asked us to delete your ${input.siteName} account. It will be erased on ${input.deleteAt}, with your posts, photos, videos, friends and messages.`,
      'Changed your mind? Sign in before then and your account stays as it is:',
    ],
    input.link,
  );
}

export function deletionCancelledMail(input: Greeting & { link: string }): MailMessage {
  return mail(
    input,
    `Your ${input.siteName} account will not be deleted`,
    [
      `You signed in to your ${input.siteName} account, so its deletion was cancelled: your account stays as it is.`,
      'If this was not you, change your password now in Settings > Security:',
    ],
    input.link,
  );
}

export function emailChangeConfirmMail(input: Greeting & { link: string }): MailMessage {
  return mail(
    input,
    `Confirm your new ${input.siteName} e-mail address`,
    [`You asked to use this address for your ${input.siteName} account. Open this link to confirm it (valid for 24 hours, once):`],
    input.link,
  );
}

export function emailChangeNoticeMail(input: Greeting & { newEmail: string; link: string }): MailMessage {
  return mail(
    input,
    `Your ${input.siteName} e-mail address is about to change`,
    [
      `Someone asked to change your ${input.siteName} account's e-mail address to ${input.newEmail}. It changes only when the link sent there is opened.`,
      'If this was not you, open this link to cancel the change, then reset your password with "Forgot password" on the sign-in page:',
    ],
    input.link,
  );
}
