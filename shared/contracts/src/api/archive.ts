/**
 * The data archive API (decision 035), served by the media service:
 * - `POST /api/media/archive` asks for a new archive (one per member per 24 hours: 429 otherwise);
 * - `GET /api/media/archive` answers the member's archive state;
 * - `GET /api/media/archive/download?token=` streams the ZIP to the member the link was made for.
 */
import { z } from 'zod';
import { ARCHIVE_STATES } from './archive-texts.js';

export * from './archive-texts.js';

export const archiveStatusSchema = z
  .object({
    state: z.enum(ARCHIVE_STATES),
    requestedAt: z.string().nullable().describe('When the current archive was asked for (ISO 8601)'),
    readyAt: z.string().nullable(),
    /** When the download link (and the file) go away. */
    expiresAt: z.string().nullable(),
    /** The signed download link while the archive is ready; null otherwise. */
    downloadUrl: z.string().nullable(),
    bytes: z.number().int().nullable().describe('Size of the ZIP file once ready'),
    /** The earliest time a new request is accepted; null: now. */
    nextRequestAt: z.string().nullable(),
  })
  .meta({
    example: {
      state: 'ready',
      requestedAt: '2026-11-29T09:00:00.000Z',
      readyAt: '2026-11-29T09:02:10.000Z',
      expiresAt: '2026-12-06T09:02:10.000Z',
      downloadUrl:
        '/api/media/archive/download?token=42.3f9c0d2b8a7e4c1f9b6a5d4c3b2a1f0e.1796547730.q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c',
      bytes: 18_874_368,
      nextRequestAt: '2026-11-30T09:00:00.000Z',
    },
  });
export type ArchiveStatus = z.infer<typeof archiveStatusSchema>;

export const archiveDownloadQuery = z.object({
  token: z.string().max(200).describe('The signed link token from the archive state or the e-mail'),
});
