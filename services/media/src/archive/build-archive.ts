/**
 * Builds one member's archive (decision 035), streamed end to end: each service's NDJSON answer is
 * written into the ZIP as it arrives, then the stored files its rows name are piped in one at a
 * time, and the ZIP itself is piped into storage (`archives/<hex>.zip`, a private area). Memory
 * holds a page of rows, a few chunks and the set of file keys, whatever the member has.
 */
import type { ServiceName } from '@kora/contracts';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { eq } from 'drizzle-orm';
import type { Media } from '../context.js';
import { newKey, publicUrl } from '../storage/keys.js';
import { archiveReadme } from './readme.js';
import { writeServiceSections } from './service-sections.js';
import { ZipWriter } from './zip-writer.js';

/** A service streaming 10,000 posts is slow but alive; a stuck one is cut off here. */
const EXPORT_TIMEOUT_MS = 30 * 60 * 1000;

export interface BuiltArchive {
  key: string;
  bytes: number;
  rows: number;
  files: number;
}

export async function buildArchive(media: Media, userId: number, sources: readonly ServiceName[]): Promise<BuiltArchive> {
  const key = newKey('archives', 'zip');
  const zip = new ZipWriter();
  const stored = media.storage.put(key, zip.output, 'application/zip');
  // Awaited below; a failure while the entries are written surfaces there, never unhandled.
  stored.catch(() => {});
  try {
    const fileKeys = new Set<string>();
    zip.addText('README.txt', archiveReadme(sources));
    let rows = 0;
    for (const service of sources) rows += await writeServiceSections(zip, service, await exportOf(media, service, userId), fileKeys);
    rows += await writeOwnVideos(media, zip, userId, fileKeys);
    const files = await writeFiles(media, zip, fileKeys);
    zip.end();
    const object = await stored;
    return { key, bytes: object.size, rows, files };
  } catch (err) {
    zip.abort(err as Error);
    await stored.catch(() => {});
    throw err;
  }
}

async function exportOf(media: Media, service: ServiceName, userId: number): Promise<Readable> {
  const res = await media.ctx.callService(service, `/internal/export/${userId}`, { timeoutMs: EXPORT_TIMEOUT_MS });
  if (!res.ok || !res.body) throw new Error(`The ${service} service answered ${res.status} to the archive's export`);
  return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
}

/** Media's own rows: the member's videos, whose posters the rows of other services do not name. */
async function writeOwnVideos(media: Media, zip: ZipWriter, userId: number, fileKeys: Set<string>): Promise<number> {
  const { videos } = media.tables;
  const rows = await media.ctx.db.select().from(videos).where(eq(videos.uploaderId, userId)).orderBy(videos.id);
  if (rows.length === 0) return 0;
  await zip.addWritten('media/videos.json', async (out) => {
    let first = true;
    for (const video of rows) {
      const row = {
        id: video.id,
        url: publicUrl(video.key),
        posterUrl: publicUrl(video.posterKey),
        purpose: video.purpose,
        status: video.status,
        durationSeconds: video.durationSeconds,
        width: video.width,
        height: video.height,
        bytes: video.bytes,
        createdAt: video.createdAt,
      };
      if (video.status === 'ready') fileKeys.add(video.key).add(video.posterKey);
      await out.write((first ? '[\n' : ',\n') + JSON.stringify(row));
      first = false;
    }
    await out.write('\n]\n');
  });
  return rows.length;
}

/** Each file under `files/<key>`, one open at a time; a file gone since (deleted) is skipped. */
async function writeFiles(media: Media, zip: ZipWriter, fileKeys: Set<string>): Promise<number> {
  let written = 0;
  for (const key of [...fileKeys].sort()) {
    const opened = await media.storage.open(key);
    if (!opened) continue;
    await zip.addStream(`files/${key}`, opened.body, opened.object.modifiedAt);
    written += 1;
  }
  return written;
}
