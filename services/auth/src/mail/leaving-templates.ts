/**
 * The mails of leaving and moving (decision 034): a deletion scheduled or cancelled, and the two
 * mails of an e-mail change (the confirm link to the new address, the notice to the old one). In
 * the current language, as templates.ts.
 */
import { authMailTexts as t } from '@kora/contracts';
import type { MailMessage } from '@kora/platform/mail';
import { escapeHtml, html } from './templates.js';

interface Greeting {
  to: string;
  firstname: string;
  siteName: string;
}

function mail(input: Greeting, subject: string, lines: string[], link?: string): MailMessage {
  const body = link ? [...lines, link] : lines;
  const hello = t.hello(input.firstname);
  return {
    to: input.to,
    subject,
    text: [hello, '', ...body.flatMap((l) => [l, ''])].join('\n').trimEnd(),
    html: html([escapeHtml(hello), ...lines.map(escapeHtml), ...(link ? [`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`] : [])]),
  };
}

export function deletionScheduledMail(input: Greeting & { deleteAt: string; link: string }): MailMessage {
  return mail(
    input,
    t.deletionScheduledSubject(input.siteName),
    [t.deletionScheduledWhat(input.siteName, input.deleteAt), t.deletionScheduledUndo],
    input.link,
  );
}

export function deletionCancelledMail(input: Greeting & { link: string }): MailMessage {
  return mail(
    input,
    t.deletionCancelledSubject(input.siteName),
    [t.deletionCancelledWhat(input.siteName), t.deletionCancelledAdvice],
    input.link,
  );
}

export function emailChangeConfirmMail(input: Greeting & { link: string }): MailMessage {
  return mail(input, t.emailChangeConfirmSubject(input.siteName), [t.emailChangeConfirmWhat(input.siteName)], input.link);
}

export function emailChangeNoticeMail(input: Greeting & { newEmail: string; link: string }): MailMessage {
  return mail(
    input,
    t.emailChangeNoticeSubject(input.siteName),
    [t.emailChangeNoticeWhat(input.siteName, input.newEmail), t.emailChangeNoticeAdvice],
    input.link,
  );
}
