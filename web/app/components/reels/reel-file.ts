/**
 * The reel creation page's checks before anything is sent (docs/product/stories-and-reels.md): the
 * type (MP4, WEBM or MOV: "Only MP4, WEBM or MOV allowed"), the size ("Max 50MB"), and the length
 * measured in the browser from the video's metadata (ours, decision 022: over 90 s reads "Reels can
 * be up to 90 seconds"; the worker judges the real length again).
 */
import { REEL_VIDEO_TYPES, reelLimits, reelTexts } from '@kora/contracts';

const EXTENSIONS: Record<string, (typeof REEL_VIDEO_TYPES)[number]> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** What the picker offers: the types, and the extensions for systems that report no type. */
export const REEL_ACCEPT = [...REEL_VIDEO_TYPES, '.mp4', '.webm', '.mov'].join(',');

/** The file's reel type, by its MIME type or (when the system reports none) its extension. */
export function reelTypeOf(file: Pick<File, 'name' | 'type'>): string | null {
  const type = file.type.toLowerCase();
  if ((REEL_VIDEO_TYPES as readonly string[]).includes(type)) return type;
  if (type) return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSIONS[extension] ?? null;
}

/** The refusal for a chosen file, or null when it may be sent (its length is checked after). */
export function checkReelFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!reelTypeOf(file)) return reelTexts.onlyTypes;
  if (file.size > reelLimits.maxBytes) return reelTexts.maxSize;
  return null;
}

/** The refusal for a measured length, or null. An unknown length is left to the server. */
export function checkReelDuration(seconds: number | null): string | null {
  return seconds !== null && Number.isFinite(seconds) && seconds > reelLimits.maxSeconds ? reelTexts.tooLong : null;
}

/** Browser only: the video's length in seconds from its metadata, or null if it cannot be read. */
export function measureDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    const finish = (value: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(value);
    };
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
