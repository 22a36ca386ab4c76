/**
 * The daily digest e-mail: the member's unread notifications (the newest few, and how many more),
 * a link to the notifications page, and an unsubscribe link that works without signing in. The
 * List-Unsubscribe headers let mail clients offer their own one-click unsubscribe (RFC 8058),
 * which POSTs to the settings API; the link in the body opens the web page that does the same.
 */
import type { MailMessage } from '@kora/platform/mail';

/** How many notifications the mail lists; the rest are counted. */
export const DIGEST_LISTED = 10;

export interface DigestContent {
  to: string;
  name: string;
  siteName: string;
  /** Base of every link (the admin's site URL, else PUBLIC_URL). */
  base: string;
  /** The member's signed unsubscribe token. */
  token: string;
  unread: number;
  /** The newest unread, at most DIGEST_LISTED: who did what. */
  items: { actorName: string; message: string }[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function digestMail(d: DigestContent): MailMessage {
  const token = encodeURIComponent(d.token);
  const unsubscribePage = `${d.base}/unsubscribe?token=${token}`;
  const oneClick = `${d.base}/api/settings/unsubscribe?token=${token}`;
  const page = `${d.base}/notifications`;
  const count = d.unread === 1 ? '1 unread notification' : `${d.unread} unread notifications`;
  const lines = d.items.map((i) => `${i.actorName} ${i.message}`);
  const more = d.unread > d.items.length ? `and ${d.unread - d.items.length} more` : null;
  const why = 'You get this e-mail because the daily digest is on in your notification settings.';
  return {
    to: d.to,
    subject: `Your ${d.siteName} daily digest: ${count}`,
    text: [
      `Hello ${d.name},`,
      '',
      `You have ${count} on ${d.siteName}:`,
      '',
      ...lines.map((l) => `- ${l}`),
      ...(more ? [`- ${more}`] : []),
      '',
      `See them all: ${page}`,
      '',
      why,
      `Unsubscribe: ${unsubscribePage}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>Hello ${escapeHtml(d.name)},</p><p>You have ${count} on ${escapeHtml(d.siteName)}:</p><ul>${[...lines, ...(more ? [more] : [])].map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(page)}">See them all</a></p><p style="color:#666;font-size:0.9em">${why} <a href="${escapeHtml(unsubscribePage)}">Unsubscribe</a></p></body></html>`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
