/**
 * Photo projection (decision 044): each photo's sizes, formats and placeholder from media's
 * `photo.stored`, keyed by the URL a post carries, so a post can tell the web what to load. A photo
 * is stored once and never changes: a repeated event changes nothing. Photos stored before have no
 * row, and their posts show them from the URL alone.
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Tx } from '@kora/platform/service';
import type { PostsTables } from '../db/schema.js';

export async function photoStored(tables: PostsTables, tx: Tx, event: EventEnvelope<EventPayload<'photo.stored'>>): Promise<void> {
  const { url, uploaderId, width, height, placeholder, widths, formats } = event.payload;
  await tx.insert(tables.photos).values({ url, uploaderId, width, height, placeholder, widths, formats }).onConflictDoNothing();
}
