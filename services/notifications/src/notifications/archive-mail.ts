/**
 * The "your archive is ready" e-mail (decision 035): the signed download link (it works for the
 * member, signed in, until it expires) and the settings page that always has the current one. In
 * the current language: the caller builds it in the member's.
 */
import { archiveMailTexts as t, archiveTexts } from '@kora/contracts';
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

// Stands for the link in a sentence, until the sentence is escaped and the link put in.
const PLACE = '\u0000place\u0000';

export function archiveMail(m: ArchiveMailContent): MailMessage {
  const link = `${m.base}${m.downloadUrl}`;
  const page = `${m.base}/settings?tab=data`;
  const until = archiveTexts.expiresAt(new Date(m.expiresAt).toUTCString());
  const place = `<a href="${escapeHtml(page)}">${escapeHtml(t.settingsTab(archiveTexts.tab))}</a>`;
  return {
    to: m.to,
    subject: archiveTexts.mailSubject,
    text: [
      t.hello(m.name),
      '',
      t.ready(m.siteName),
      '',
      t.downloadLine(link),
      until,
      '',
      t.foundInSettings(archiveTexts.tab, page),
      '',
      t.notYou,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(t.hello(m.name))}</p><p>${escapeHtml(t.ready(m.siteName))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(archiveTexts.download)}</a> ${escapeHtml(t.signInFirst)} ${escapeHtml(until)}</p><p>${escapeHtml(t.foundIn(PLACE)).replace(PLACE, place)}</p><p style="color:#666;font-size:0.9em">${escapeHtml(t.notYou)}</p></body></html>`,
  };
}
