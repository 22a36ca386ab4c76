/** A member asks for their archive: the row (or the 24-hour refusal), then the job. */
import type { Media } from '../context.js';
import type { ArchiveRow } from '../db/schema.js';
import { archiveTooSoon } from '../errors.js';
import { enqueueArchive } from '../jobs/archive-queue.js';
import { insertArchiveRequest } from './records.js';

export async function requestArchive(media: Media, userId: number): Promise<ArchiveRow> {
  const requested = await insertArchiveRequest(media, userId);
  if (!requested) throw archiveTooSoon();
  const { archive, replacedKey } = requested;
  // The replaced archive's links stopped working with the new id; its file goes now.
  if (replacedKey) await media.storage.remove(replacedKey);
  // If this fails the row stays `preparing` and a worker's start queues it again (archive-queue.ts).
  await enqueueArchive(media, { userId, archiveId: archive.id }).catch((err: unknown) =>
    media.ctx.log.error({ err, userId, archiveId: archive.id }, 'could not queue the data archive'),
  );
  return archive;
}
