/**
 * The daily digest e-mail: the member's unread notifications (the newest few, and how many more),
 * their unread conversations (decision 039: who or which group, the newest few, and how many
 * more), links to the notifications and messages pages, and an unsubscribe link that works without
 * signing in. The List-Unsubscribe headers let mail clients offer their own one-click unsubscribe
 * (RFC 8058), which POSTs to the settings API; the link in the body opens the web page that does
 * the same. Its words are the current language's: the caller builds it in the member's.
 */
import { digestMailTexts as t } from '@kora/contracts';
import type { MailMessage } from '@kora/platform/mail';

/** How many notifications (and how many conversations) the mail lists; the rest are counted. */
export const DIGEST_LISTED = 10;

export interface DigestContent {
  to: string;
  name: string;
  siteName: string;
  /** Base of every link (the admin's site URL, else PUBLIC_URL). */
  base: string;
  /** The member's signed unsubscribe token. */
  token: string;
  /** Unread notifications other than messages. */
  unread: number;
  /** The newest unread, at most DIGEST_LISTED: who did what. */
  items: { actorName: string; message: string }[];
  /** Conversations with unread messages. */
  conversations: number;
  /** The newest of them, at most DIGEST_LISTED: the other member's name, or the group's title. */
  conversationNames: string[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One part of the mail: its sentence, its lines ("and N more" last) and its link. */
interface Section {
  intro: string;
  lines: string[];
  link: { label: string; url: string };
}

function section(intro: string, lines: string[], total: number, link: Section['link']): Section {
  const more = total > lines.length ? [t.andMore(total - lines.length)] : [];
  return { intro, lines: [...lines, ...more], link };
}

export function digestMail(d: DigestContent): MailMessage {
  const token = encodeURIComponent(d.token);
  const unsubscribePage = `${d.base}/unsubscribe?token=${token}`;
  const oneClick = `${d.base}/api/settings/unsubscribe?token=${token}`;
  const count = t.unreadNotifications(d.unread);
  const conversationCount = t.unreadConversations(d.conversations);
  const sections: Section[] = [
    ...(d.unread > 0
      ? [
          section(
            t.notificationsIntro(count, d.siteName),
            d.items.map((i) => `${i.actorName} ${i.message}`),
            d.unread,
            { label: t.seeThemAll, url: `${d.base}/notifications` },
          ),
        ]
      : []),
    ...(d.conversations > 0
      ? [
          section(t.conversationsIntro(conversationCount), d.conversationNames, d.conversations, {
            label: t.readThem,
            url: `${d.base}/messages`,
          }),
        ]
      : []),
  ];
  const summary = [...(d.unread > 0 ? [count] : []), ...(d.conversations > 0 ? [conversationCount] : [])].join(', ');
  const why = t.why;
  const hello = t.hello(d.name);
  return {
    to: d.to,
    subject: t.subject(d.siteName, summary),
    text: [
      hello,
      '',
      ...sections.flatMap((s) => [s.intro, '', ...s.lines.map((l) => `- ${l}`), '', `${s.link.label}: ${s.link.url}`, '']),
      why,
      `${t.unsubscribe}: ${unsubscribePage}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(hello)}</p>${sections
      .map(
        (s) =>
          `<p>${escapeHtml(s.intro)}</p><ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(s.link.url)}">${escapeHtml(s.link.label)}</a></p>`,
      )
      .join(
        '',
      )}<p style="color:#666;font-size:0.9em">${escapeHtml(why)} <a href="${escapeHtml(unsubscribePage)}">${escapeHtml(t.unsubscribe)}</a></p></body></html>`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
