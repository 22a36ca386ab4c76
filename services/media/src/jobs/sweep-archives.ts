/** Removes the files of archives whose download link has expired (decision 035), a batch at a time. */
import { expiredArchives, forgetArchiveFile } from '../archive/records.js';
import type { Media } from '../context.js';

const BATCH = 100;

export async function sweepExpiredArchives(media: Media, now: Date): Promise<number> {
  await media.ready;
  let removed = 0;
  for (;;) {
    const rows = await expiredArchives(media, now, BATCH);
    for (const row of rows) {
      if (row.key) await media.storage.remove(row.key);
      await forgetArchiveFile(media, row.userId, row.id);
      removed += 1;
    }
    if (rows.length < BATCH) break;
  }
  if (removed > 0) media.ctx.log.info({ removed }, 'expired data archives removed');
  return removed;
}
