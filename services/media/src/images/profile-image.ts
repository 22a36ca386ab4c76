/**
 * Profile images (avatar, cover): checked and re-encoded like every image (`process-image.ts`),
 * first frame only, EXIF orientation applied, then fitted: an avatar inside 512x512, a cover
 * cropped to 3:1 at most 1500x500. Neither is ever enlarged.
 */
import { decodeImage, detectImageType, encodeWebp, readImageHeader, type ProcessedImage } from './process-image.js';

export type ProfileImageKind = 'avatar' | 'cover';
export const profileImageKinds = ['avatar', 'cover'] as const satisfies readonly ProfileImageKind[];

export const AVATAR_BOX = { width: 512, height: 512 };
export const COVER_SIZE = { width: 1500, height: 500 };

/** The cover crop: 3:1, at most 1500x500, never enlarged (a small image is cropped at its own size). */
function coverSize(width: number, height: number): { width: number; height: number } {
  const ratio = COVER_SIZE.width / COVER_SIZE.height;
  const w = Math.max(1, Math.min(COVER_SIZE.width, width, Math.floor(height * ratio)));
  return { width: w, height: Math.max(1, Math.round(w / ratio)) };
}

/** Checks and re-encodes an uploaded profile image; throws 400/415 AppErrors for bad input. */
export async function processProfileImage(data: Buffer, kind: ProfileImageKind, allowedMime: readonly string[]): Promise<ProcessedImage> {
  const mime = await detectImageType(data, allowedMime);
  const header = await readImageHeader(data, mime);

  // A profile picture is a still: an animation keeps its first frame.
  let pipeline = decodeImage(data, { animated: false }).rotate();
  if (kind === 'avatar') {
    pipeline = pipeline.resize({ ...AVATAR_BOX, fit: 'inside', withoutEnlargement: true });
  } else {
    const swapped = header.orientation >= 5;
    const target = coverSize(swapped ? header.height : header.width, swapped ? header.width : header.height);
    pipeline = pipeline.resize({ ...target, fit: 'cover', position: 'centre', withoutEnlargement: true });
  }
  return encodeWebp(pipeline);
}
