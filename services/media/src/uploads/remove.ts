/**
 * Removes stored uploads by their public URLs, for a sibling that no longer needs them (an expired
 * or deleted story). Only our own `/uploads/images/<random>…` and `/uploads/videos/<random>…` URLs
 * are accepted: each is turned into a storage key by the one strict key grammar (`storage/keys.ts`),
 * so no URL can name a path outside the storage, a profile picture or another area.
 *
 * A video's URL takes its poster and any upload still waiting in `incoming/` with it; a video still
 * processing is marked failed first, so the worker stops at its next step instead of storing files
 * nobody will remove. Unknown URLs are skipped; removing twice removes nothing the second time.
 */
import { badRequest } from '@kora/platform/service';
import type { Media } from '../context.js';
import { parseKey, siblingKey, type ParsedKey } from '../storage/keys.js';
import { videoFailureTexts } from '../videos/failures.js';
import { findVideoByKey, markFailed } from '../videos/records.js';

const REMOVABLE_AREAS = new Set(['images', 'videos']);
const URL_PREFIX = '/uploads/';

export const notOurUpload = () =>
  badRequest("Only this site's uploaded images and videos can be removed (/uploads/images/… or /uploads/videos/…)", 'UPLOAD_URL_INVALID');

/** The key a removable URL names, or null for anything else. */
export function removableKey(url: string): ParsedKey | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const parsed = parseKey(url.slice(URL_PREFIX.length));
  return parsed && REMOVABLE_AREAS.has(parsed.area) ? parsed : null;
}

/** Every stored key one URL stands for: a video's MP4 brings its poster and its waiting upload. */
export function keysOf(parsed: ParsedKey): string[] {
  if (parsed.area !== 'videos' || parsed.variant !== null || parsed.ext !== 'mp4') return [parsed.key];
  return [parsed.key, siblingKey(parsed.key, 'poster', 'jpg'), siblingKey(parsed.key, null, 'bin', 'incoming')];
}

/** Removes what `urls` name; the count of files that were there. Refuses the lot if one is not ours. */
export async function removeUploads(media: Media, urls: string[]): Promise<number> {
  const parsed = urls.map(removableKey);
  if (parsed.some((p) => p === null)) throw notOurUpload();

  let removed = 0;
  for (const key of new Set((parsed as ParsedKey[]).flatMap(keysOf))) {
    if (key.startsWith('videos/') && key.endsWith('.mp4')) {
      const video = await findVideoByKey(media, key);
      if (video?.status === 'processing') await markFailed(media, video, videoFailureTexts.removed);
    }
    if (await media.storage.remove(key)) removed += 1;
  }
  return removed;
}
