/**
 * One `media.archive-build` job: builds the member's archive and marks it ready (announcing
 * `archive.ready` in the same transaction), or, after the last try, failed. A job for a request
 * that was replaced or already finished does nothing.
 */
import type { JobProcessor } from '@kora/platform/service';
import { buildArchive } from '../archive/build-archive.js';
import { archiveDownloadUrl } from '../archive/download-link.js';
import { findArchive, markArchiveFailed, markArchiveReady } from '../archive/records.js';
import type { Media } from '../context.js';

export interface ArchiveJobData {
  userId: number;
  archiveId: string;
}

export function createArchiveProcessor(media: Media): JobProcessor<ArchiveJobData> {
  return async (job) => {
    const { userId, archiveId } = job.data;
    await media.ready;
    const row = await findArchive(media, userId);
    if (!row || row.id !== archiveId || row.status !== 'preparing') return { skipped: true };
    try {
      const built = await buildArchive(media, userId, media.archiveSources);
      const marked = await media.ctx.transact((tx, emit) =>
        markArchiveReady(media, tx, emit, {
          userId,
          archiveId,
          key: built.key,
          bytes: built.bytes,
          downloadUrl: (expiresAt) => archiveDownloadUrl(media, userId, archiveId, expiresAt),
        }),
      );
      if (!marked) await media.storage.remove(built.key);
      media.ctx.log.info({ userId, archiveId, ...built, marked }, 'data archive built');
      return { bytes: built.bytes };
    } catch (err) {
      media.ctx.log.warn({ err, userId, archiveId, attempt: job.attempt }, 'data archive could not be built');
      if (job.attempt >= media.archiveQueue.attempts) await markArchiveFailed(media, userId, archiveId, 'The archive could not be built');
      throw err;
    }
  };
}
