/**
 * Stores what an upload request checked and prepared, all or nothing: images under `images/` (with
 * their smaller widths and AVIFs beside them, announced by `photo.stored`: decision 044),
 * videos raw under `incoming/` with their row and `video.uploaded` event in one transaction. If any
 * step fails, every file this request stored is removed again before the error goes on. Once the
 * transaction has committed, each video's job is queued; a queue that cannot be reached then is
 * logged, not fatal (the worker re-queues unfinished videos when it starts).
 */
import { photoContentTypes, photoVariantUrl, type MediaPurpose, type PhotoDetails, type UploadAnswer } from '@kora/contracts';
import { createReadStream } from 'node:fs';
import type { Media } from '../context.js';
import type { ProcessedPostImage } from '../images/post-image.js';
import { enqueueVideo } from '../jobs/video-queue.js';
import { newKey, publicUrl, siblingKey } from '../storage/keys.js';
import type { StorageBody } from '../storage/port.js';
import { insertVideo } from '../videos/records.js';
import { refuseErasedMember } from '@kora/platform/service';
import type { ReceivedFile } from './receive.js';

export type PreparedFile = (ReceivedFile & { kind: 'image'; image: ProcessedPostImage }) | (ReceivedFile & { kind: 'video' });

export type StoredFile = UploadAnswer['files'][number] & { key: string; bytesIn: number; bytesOut: number; mime: string };

export async function storeUpload(media: Media, uploaderId: number, purpose: MediaPurpose, files: PreparedFile[]): Promise<StoredFile[]> {
  const { storage, ctx } = media;
  const written: string[] = [];
  const put = async (key: string, body: StorageBody, contentType: string) => {
    const stored = await storage.put(key, body, contentType);
    written.push(key);
    return stored;
  };

  const results: StoredFile[] = [];
  try {
    const videos: { index: number; incomingKey: string; key: string; mime: string; bytes: number }[] = [];
    for (const file of files) {
      if (file.kind === 'image') {
        const key = newKey('images', 'webp');
        const stored = await put(key, file.image.data, file.image.contentType);
        const { width, height, variants } = file.image;
        let variantBytes = 0;
        for (const variant of variants.variants) {
          const url = photoVariantUrl({ url: publicUrl(key), width }, variant.width, variant.format);
          variantBytes += (await put(url.slice('/uploads/'.length), variant.data, photoContentTypes[variant.format])).size;
        }
        results.push({
          url: publicUrl(key),
          type: 'image',
          videoId: null,
          width,
          height,
          placeholder: variants.placeholder,
          widths: variants.widths,
          formats: variants.formats,
          key,
          bytesIn: file.bytes,
          bytesOut: stored.size + variantBytes,
          mime: file.mime,
        });
      } else {
        // The MP4's name is decided now, so its URL can be answered before it exists.
        const key = newKey('videos', 'mp4');
        const incomingKey = siblingKey(key, null, 'bin', 'incoming');
        await put(incomingKey, createReadStream(file.file), 'application/octet-stream');
        videos.push({ index: results.length, incomingKey, key, mime: file.mime, bytes: file.bytes });
        results.push({
          url: publicUrl(key),
          type: 'video',
          videoId: null,
          width: null,
          height: null,
          key,
          bytesIn: file.bytes,
          bytesOut: file.bytes,
          mime: file.mime,
        });
      }
    }
    await ctx.transact(async (tx, emit) => {
      // An erased member's upload still in flight is refused, and its files removed (decision 034).
      await refuseErasedMember(tx, media.tables.erasedMembers, uploaderId);
      if (results.length > 0) {
        await tx
          .insert(media.tables.uploads)
          .values(results.map((r) => ({ key: r.key, uploaderId })))
          .onConflictDoNothing();
      }
      for (const photo of results) {
        if (photo.type !== 'image') continue;
        emit({ type: 'photo.stored', aggregateId: photo.key, actorId: uploaderId, payload: { ...photoDetailsOf(photo), uploaderId } });
      }
      for (const video of videos) {
        const row = await insertVideo(media, tx, emit, {
          uploaderId,
          purpose,
          incomingKey: video.incomingKey,
          sourceMime: video.mime,
          sourceBytes: video.bytes,
          key: video.key,
          posterKey: siblingKey(video.key, 'poster', 'jpg'),
        });
        results[video.index]!.videoId = row.id;
      }
    });
  } catch (err) {
    await Promise.all(
      written.map((key) =>
        storage.remove(key).catch((cause) => ctx.log.warn({ err: cause, key }, 'could not remove a file of a failed upload')),
      ),
    );
    throw err;
  }
  // Committed: from here on the upload stands, whatever the queue says.
  await queueJobs(media, results);
  return results;
}

/** A stored file as the upload answers it: photos with their placeholder and sizes (decision 044). */
export function answerOf(file: StoredFile): UploadAnswer['files'][number] {
  const { url, type, videoId, width, height } = file;
  if (type !== 'image') return { url, type, videoId, width, height };
  return { url, type, videoId, width, height, placeholder: file.placeholder, widths: file.widths, formats: file.formats };
}

/** What `photo.stored` says of a stored photo (the upload answer's fields, decision 044). */
function photoDetailsOf(photo: StoredFile): PhotoDetails {
  return {
    url: photo.url,
    width: photo.width!,
    height: photo.height!,
    placeholder: photo.placeholder ?? null,
    widths: photo.widths ?? [photo.width!],
    formats: photo.formats ?? ['webp'],
  };
}

async function queueJobs(media: Media, results: StoredFile[]): Promise<void> {
  for (const { videoId } of results) {
    if (videoId === null) continue;
    await enqueueVideo(media, videoId).catch((err) =>
      media.ctx.log.error({ err, videoId }, 'could not queue the video; it is queued again when a worker starts'),
    );
  }
}
