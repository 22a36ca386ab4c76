/**
 * The "your archive is ready" e-mail (decision 035): the signed download link (it works for the
 * member, signed in, until it expires) and the settings page that always has the current one.
 */
import { archiveTexts } from '@kora/contracts';
import type { MailMessage } from '@kora/platform/mail';

export interface ArchiveMailContent {
  to: string;
  name: string;
  siteName: string;
  base: string;
  downloadUrl: string;
  expiresAt: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function archiveMail(m: ArchiveMailContent): MailMessage {
  const link = `${m.base}${m.downloadUrl}`;
  const page = `${m.base}/settings?tab=data`;
  const until = archiveTexts.expiresAt(new Date(m.expiresAt).toUTCString());
  return {
    to: m.to,
    subject: archiveTexts.mailSubject,
    text: [
      `Hello ${m.name},`,
      '',
      `The copy of your ${m.siteName} data you asked for is ready.`,
      '',
      `Download it (sign in first): ${link}`,
      until,
      '',
      `You can also find it in Settings → ${archiveTexts.tab}: ${page}`,
      '',
      'If you did not ask for it, change your password and sign out your other sessions.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>Hello ${escapeHtml(m.name)},</p><p>The copy of your ${escapeHtml(m.siteName)} data you asked for is ready.</p><p><a href="${escapeHtml(link)}">${archiveTexts.download}</a> (sign in first). ${escapeHtml(until)}</p><p>You can also find it in <a href="${escapeHtml(page)}">Settings → ${archiveTexts.tab}</a>.</p><p style="color:#666;font-size:0.9em">If you did not ask for it, change your password and sign out your other sessions.</p></body></html>`,
  };
}
