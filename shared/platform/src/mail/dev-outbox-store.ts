/**
 * Keeping and listing the dev outbox's mails (a local install without SMTP), for every service
 * that sends mail: each keeps them in its own `dev_mail` table (dev-outbox-table.ts) and lists them
 * the same way, so the development mailbox can show them side by side.
 */
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import type { DevMailTable } from './dev-outbox-table.js';
import type { MailMessage } from './mail.js';

/** The listing's size: the mailbox is for reading the last few links, not an archive. */
const LIST_LIMIT = 50;

export async function storeDevMail(db: DbOrTx, table: DevMailTable, message: MailMessage): Promise<void> {
  await db.insert(table).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
}

/** The http(s) links in a mail's text, each once, so a newcomer can open the activation link. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/** Newest first, optionally only those to one address (addresses are stored lower-case). */
export async function listDevMail(db: DbOrTx, table: DevMailTable, to?: string) {
  const rows = await db
    .select()
    .from(table)
    .where(to ? eq(table.to, to.toLowerCase()) : undefined)
    .orderBy(desc(table.id))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    links: linksIn(r.text),
    createdAt: r.createdAt.toISOString(),
  }));
}
