/**
 * The daily digest (notification setting emailDigest): run every NOTIFICATIONS_DIGEST_EVERY_MS by
 * a repeatable job, it mails each member who asked for it, once their local time (time zone from
 * their general settings, UTC by default) is in the 08:00 hour, their unread notifications and
 * unread conversations (their unread `message` notifications, one per conversation: no other
 * service is asked), once a local date. Nothing unread: no mail (and no record, so a notification
 * later in that hour still gets one).
 *
 * Never twice: the `digests` row for (member, local date) is inserted in the transaction that
 * sends the mail. A second instance's run waits on that row's key and then skips; a send that
 * fails rolls the row back, so the job's retry sends it. (A crash after the mail left and before
 * the commit would send again on retry: the one window, narrower than losing a digest.)
 */
import { digestMailTexts, inLocale } from '@kora/contracts';
import { signLinkToken } from '@kora/platform/service';
import { createTransactionalMailSender, mailLinkBase, type TransactionalMailSender } from '@kora/platform/mail';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { actorView } from '../projections/members.js';
import { notificationSettingsOf, readableLanguage } from '../projections/settings.js';
import { shown } from '../notifications/read-state.js';
import { localTime } from './local-time.js';
import { DIGEST_LISTED, digestMail } from './mail.js';

export const DIGEST_QUEUE = 'notifications.digest';
/** The local hour the digest goes out in. */
export const DIGEST_HOUR = 8;

interface Candidate {
  userId: number;
  email: string;
  timezone: string | null;
  language: string | null;
}

/** Sends every digest now due; answers how many went out. Throws after trying all if any failed (the job retries). */
export async function sendDueDigests(n: Notifications, mail: DigestSender): Promise<number> {
  const now = n.now();
  const { notificationSettings: ns, emails, timezones } = n.tables;
  const candidates: Candidate[] = await n.ctx.db
    .select({ userId: ns.userId, email: emails.email, timezone: timezones.timezone, language: timezones.language })
    .from(ns)
    .innerJoin(emails, eq(emails.userId, ns.userId))
    .leftJoin(timezones, eq(timezones.userId, ns.userId))
    .where(eq(ns.emailDigest, true));
  let sent = 0;
  let failed = 0;
  for (const member of candidates) {
    const local = localTime(now, member.timezone ?? 'UTC');
    if (local.hour !== DIGEST_HOUR) continue;
    try {
      if (await sendDigest(n, mail, member, local.date)) sent++;
    } catch (err) {
      failed++;
      n.ctx.log.warn({ err, userId: member.userId }, 'digest not sent; the job retries');
    }
  }
  if (failed > 0) throw new Error(`${failed} digest(s) not sent`);
  return sent;
}

async function sendDigest(n: Notifications, mail: DigestSender, member: Candidate, localDate: string): Promise<boolean> {
  const { notifications: t, members: m, digests } = n.tables;
  return n.ctx.transact(async (tx) => {
    // Read again in this transaction: a member who switched it off since the list was read.
    if (!(await notificationSettingsOf(n.tables, tx, member.userId)).emailDigest) return false;
    // Unread messages are listed by conversation, from the one `message` notification each has.
    const unreadOnly = and(eq(t.recipientId, member.userId), shown(n, member.userId), isNull(t.readAt));
    const [counts = { unread: 0, conversations: 0 }] = await tx
      .select({
        unread: sql<number>`count(*) filter (where ${t.type} <> 'message')`.mapWith(Number),
        conversations: sql<number>`count(*) filter (where ${t.type} = 'message')`.mapWith(Number),
      })
      .from(t)
      .where(unreadOnly);
    const { unread, conversations } = counts;
    if (unread + conversations === 0) return false;
    const [claimed] = await tx
      .insert(digests)
      .values({ userId: member.userId, localDate, notificationCount: unread + conversations })
      .onConflictDoNothing()
      .returning({ userId: digests.userId });
    if (!claimed) return false;
    const newest = (messages: boolean) =>
      tx
        .select({ row: t, actor: m })
        .from(t)
        .leftJoin(m, eq(m.userId, t.actorId))
        .where(and(unreadOnly, messages ? eq(t.type, 'message') : ne(t.type, 'message')))
        .orderBy(desc(t.id))
        .limit(DIGEST_LISTED);
    const [rows, conversationRows] = [await newest(false), await newest(true)];
    const [self] = await tx.select().from(m).where(eq(m.userId, member.userId));
    const settings = n.ctx.siteSettings.current();
    // In the member's language: its own words, and the stored notifications' (already in it).
    const message = inLocale({ language: readableLanguage(member.language) }, () =>
      digestMail({
        to: member.email,
        name: self?.displayName ?? digestMailTexts.there,
        siteName: settings.general.siteName,
        base: mailLinkBase(settings, n.config),
        token: signLinkToken(n.ctx.env.INTERNAL_SECRET, 'unsubscribe-digest', member.userId),
        unread,
        items: rows.map(({ row, actor }) => ({ actorName: actorView(row.actorId, actor).actorName, message: row.message })),
        conversations,
        // A group by its title; a direct conversation by the other member (its latest sender).
        conversationNames: conversationRows.map(({ row, actor }) => row.conversationTitle ?? actorView(row.actorId, actor).actorName),
      }),
    );
    await mail.send(message, tx);
    return true;
  });
}

/** Sends inside the digest's transaction: the dev outbox writes its row with it. */
export type DigestSender = TransactionalMailSender;

/** The platform's transport rule (the admin's SMTP server, SMTP_URL, the dev outbox, else dropped). */
export function digestSender(n: Notifications): DigestSender {
  return createTransactionalMailSender({ settings: n.ctx.siteSettings, config: n.config, devMail: n.tables.devMail, log: n.ctx.log });
}

/** The job: registered on every instance; the schedule (start) is one, however many declare it. */
export function registerDigestJob(n: Notifications, mail: DigestSender): void {
  n.ctx.jobs.register(
    DIGEST_QUEUE,
    async () => {
      const sent = await sendDueDigests(n, mail);
      if (sent > 0) n.ctx.log.info({ sent }, 'daily digests sent');
    },
    { concurrency: 1, attempts: 3, backoffMs: 60_000 },
  );
}
