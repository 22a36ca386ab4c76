/**
 * The dev outbox: with no SMTP server (a local install), sent mails are kept in `dev_mail` and
 * listed at GET /api/dev/mail with the links they carry, so a newcomer can activate an account.
 */
import type { DbOrTx } from '@kora/platform/service';
import { desc, eq } from 'drizzle-orm';
import type { MailMessage } from '@kora/platform/mail';
import type { AuthTables } from '../db/schema.js';

export async function storeDevMail(db: DbOrTx, tables: AuthTables, message: MailMessage): Promise<void> {
  await db.insert(tables.devMail).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
}

export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

export async function listDevMail(db: DbOrTx, tables: AuthTables, to?: string) {
  const rows = await db
    .select()
    .from(tables.devMail)
    .where(to ? eq(tables.devMail.to, to.toLowerCase()) : undefined)
    .orderBy(desc(tables.devMail.id))
    .limit(50);
  return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, links: linksIn(r.text), createdAt: r.createdAt.toISOString() }));
}
