/**
 * Images of posts, stories and the like (`POST /api/media/upload`): checked and re-encoded like
 * every image (`process-image.ts`), EXIF orientation applied, fitted inside 2048x2048 without
 * enlargement, WebP; then the smaller widths, the AVIFs and the placeholder from the same pixels
 * (`photo-variants.ts`, decision 044).
 *
 * Animated GIFs and WebPs stay animated (animated WebP, every frame resized, delays and loop kept):
 * members expect a GIF to move. The decoder's pixel limit counts all frames together, so an
 * animation is kept only while its frames fit the same 40-megapixel budget a still image has, and
 * at most MAX_FRAMES of them; a longer one is reduced to its first frame rather than refused.
 */
import sharp from 'sharp';
import { imageInvalid } from '../errors.js';
import { makePhotoVariants, type FittedSource, type PhotoVariants } from './photo-variants.js';
import { decodeImage, encodeWebp, MAX_IMAGE_PIXELS, readImageHeader, type ProcessedImage } from './process-image.js';

export const POST_IMAGE_BOX = { width: 2048, height: 2048 };
export const MAX_FRAMES = 300;

const ANIMATED_FORMATS = new Set(['gif', 'webp']);

type RawPixels = Extract<FittedSource, { kind: 'raw' }>;

export interface ProcessedPostImage extends ProcessedImage {
  animated: boolean;
  /** Smaller widths, other formats and the placeholder, stored beside it. */
  variants: PhotoVariants;
}

/** The fitted pixels, decoded once for every size and format made of them. */
async function fittedPixels(pipeline: sharp.Sharp): Promise<RawPixels> {
  try {
    const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    return { kind: 'raw', data, info };
  } catch (err) {
    throw imageInvalid(err);
  }
}

/** Re-encodes an upload whose type was already detected (`mime`); throws 400 AppErrors for bad input. */
export async function processPostImage(data: Buffer, mime: string): Promise<ProcessedPostImage> {
  const header = await readImageHeader(data, mime);
  const animated =
    header.pages > 1 &&
    ANIMATED_FORMATS.has(header.format) &&
    header.pages <= MAX_FRAMES &&
    header.width * header.height * header.pages <= MAX_IMAGE_PIXELS;

  let pipeline = decodeImage(data, { animated });
  // EXIF orientation belongs to stills (cameras); animations carry none worth applying.
  if (!animated) pipeline = pipeline.rotate();
  pipeline = pipeline.resize({ ...POST_IMAGE_BOX, fit: 'inside', withoutEnlargement: true });
  if (animated) {
    const full = await encodeWebp(pipeline);
    return { ...full, animated, variants: await makePhotoVariants({ kind: 'animation', webp: full.data }, full.width) };
  }
  const pixels = await fittedPixels(pipeline);
  const full = await encodeWebp(sharpOf(pixels));
  return { ...full, animated, variants: await makePhotoVariants(pixels, full.width) };
}

function sharpOf(pixels: RawPixels): sharp.Sharp {
  const { width, height, channels } = pixels.info;
  return sharp(pixels.data, { raw: { width, height, channels } });
}
