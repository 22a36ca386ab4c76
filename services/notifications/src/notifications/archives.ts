/**
 * A member's data archive is ready (`archive.ready`, decision 035): a bell notice (no switch
 * silences it: they asked) and an e-mail with the link, both in the consumer's transaction and the
 * member's language. A
 * replayed event stores no notice, so it sends no second mail.
 */
import { archiveMailTexts, inLocale, type EventEnvelope, type EventPayload } from '@kora/contracts';
import { mailLinkBase, type TransactionalMailSender } from '@kora/platform/mail';
import type { Emit, Tx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { languageOf } from '../projections/settings.js';
import { archiveMail } from './archive-mail.js';
import { storeNotification } from './store.js';

export async function archiveReady(
  n: Notifications,
  mail: TransactionalMailSender,
  tx: Tx,
  emit: Emit,
  event: EventEnvelope<EventPayload<'archive.ready'>>,
): Promise<void> {
  const { userId, downloadUrl, expiresAt } = event.payload;
  const stored = await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: userId,
    actorId: userId,
    type: 'archive_ready',
    entityType: 'user',
    entityId: userId,
  });
  if (!stored) return;
  const { emails, members } = n.tables;
  const [address] = await tx.select().from(emails).where(eq(emails.userId, userId));
  if (!address) return;
  const [self] = await tx.select().from(members).where(eq(members.userId, userId));
  const settings = n.ctx.siteSettings.current();
  const language = await languageOf(n.tables, tx, userId);
  const message = inLocale({ language }, () =>
    archiveMail({
      to: address.email,
      name: self?.displayName ?? archiveMailTexts.there,
      siteName: settings.general.siteName,
      base: mailLinkBase(settings, n.config),
      downloadUrl,
      expiresAt,
    }),
  );
  await mail.send(message, tx);
}
