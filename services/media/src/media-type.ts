/**
 * What an upload really is, by its magic bytes (`file-type`), never by its name or the type the
 * client declared; and whether the site's current settings accept it as an image or a video.
 */
import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from 'file-type';

export type MediaKind = 'image' | 'video';

/** file-type names some variants separately; they are the same format to the allow-lists. */
const aliases: Record<string, string> = { 'image/apng': 'image/png', 'video/x-m4v': 'video/mp4' };

function normalise(detected: FileTypeResult | undefined): string | undefined {
  return detected ? (aliases[detected.mime] ?? detected.mime) : undefined;
}

/** The MIME type of the bytes, or undefined when file-type does not recognise them. */
export async function detectMime(data: Uint8Array): Promise<string | undefined> {
  return normalise(await fileTypeFromBuffer(data).catch(() => undefined));
}

/** Same, reading only as much of the file as the format needs. */
export async function detectFileMime(file: string): Promise<string | undefined> {
  return normalise(await fileTypeFromFile(file).catch(() => undefined));
}

export interface AllowedMime {
  allowedImageMime: readonly string[];
  allowedVideoMime: readonly string[];
}

/** Image or video when the site's list for that family names this type; null otherwise. */
export function mediaKindOf(mime: string | undefined, allowed: AllowedMime): MediaKind | null {
  if (!mime) return null;
  if (mime.startsWith('image/') && allowed.allowedImageMime.includes(mime)) return 'image';
  if (mime.startsWith('video/') && allowed.allowedVideoMime.includes(mime)) return 'video';
  return null;
}
