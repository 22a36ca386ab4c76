/** The member's archive as Settings → Your data shows it (`GET /api/media/archive`). */
import { ARCHIVE_REQUEST_HOURS, type ArchiveStatus } from '@kora/contracts';
import type { Media } from '../context.js';
import type { ArchiveRow } from '../db/schema.js';
import { archiveDownloadUrl } from './download-link.js';

export function archiveStatus(media: Media, row: ArchiveRow | undefined, now: Date): ArchiveStatus {
  if (!row)
    return { state: 'none', requestedAt: null, readyAt: null, expiresAt: null, downloadUrl: null, bytes: null, nextRequestAt: null };
  const next = new Date(row.requestedAt.getTime() + ARCHIVE_REQUEST_HOURS * 3600 * 1000);
  // A failed request may be made again at once (records.ts accepts it).
  const nextRequestAt = row.status !== 'failed' && next > now ? next.toISOString() : null;
  const ready = row.status === 'ready' && row.expiresAt !== null;
  return {
    state: row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: ready ? row.expiresAt!.toISOString() : null,
    downloadUrl: ready ? archiveDownloadUrl(media, row.userId, row.id, row.expiresAt!) : null,
    bytes: ready ? row.bytes : null,
    nextRequestAt,
  };
}
