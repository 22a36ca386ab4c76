/**
 * What every uploaded image goes through, whatever it is for (a profile picture, a post's photo):
 *
 * 1. Type by magic bytes (`file-type`), never by name or declared content type, checked against the
 *    site's allowed image types.
 * 2. Dimensions read from the header only (sharp metadata, no decoding), so a pixel flood — a small
 *    file declaring a gigantic canvas — is refused before a single pixel is decompressed; the
 *    decoder is bounded by `limitInputPixels` as well, and by a time limit.
 * 3. Re-encoded from the decoded pixels to WebP. Nothing of the original file survives, so no
 *    metadata does either (EXIF, GPS, XMP, ICC, comments; sharp writes none unless asked with
 *    `withMetadata`/`keepMetadata`), nor anything a polyglot file hid after the image data.
 *
 * How each use resizes lives beside it: `profile-image.ts`, `post-image.ts`.
 */
import sharp from 'sharp';
import { detectMime } from '../media-type.js';
import { imageInvalid, imageTooLargeDimensions, unsupportedMedia } from '../errors.js';

/** Pixel-flood guard: larger canvases are refused from their header. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export const WEBP_QUALITY = 82;
/** A decode or encode that takes longer than this is abandoned (CPU bound on purpose). */
const PROCESS_TIMEOUT_SECONDS = 20;

/** What sharp calls the format behind each MIME type file-type reports (and it can decode). */
const decodableFormats: Record<string, string[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['heif'],
  'image/heic': ['heif'],
  'image/heif': ['heif'],
  'image/tiff': ['tiff'],
};

const labels: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/svg+xml': 'SVG' };

function label(mime: string): string {
  return labels[mime] ?? (mime.split('/')[1] ?? mime).replace(/^x-/, '').toUpperCase();
}

/** "Only JPEG, PNG, GIF or WEBP images are allowed", from the site's current list. */
export function unsupportedTypeMessage(allowed: readonly string[]): string {
  const names = [...new Set(allowed.filter((m) => m.startsWith('image/')).map(label))];
  if (names.length === 0) return 'Image uploads are not allowed at the moment';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `Only ${list} images are allowed`;
}

/** The allowed image MIME type the bytes really are, or a 415. */
export async function detectImageType(data: Buffer, allowedMime: readonly string[]): Promise<string> {
  const mime = await detectMime(data);
  if (!mime || !mime.startsWith('image/') || !allowedMime.includes(mime)) {
    throw unsupportedMedia(unsupportedTypeMessage(allowedMime));
  }
  return mime;
}

export interface ImageHeader {
  format: string;
  /** Of one frame. */
  width: number;
  height: number;
  /** EXIF orientation (1-8); 5-8 swap width and height when displayed. */
  orientation: number;
  /** Frames of an animation (1 for a still image). */
  pages: number;
}

/** Reads the header only (no pixel is decoded) and refuses pixel floods. */
export async function readImageHeader(data: Buffer, mime: string): Promise<ImageHeader> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw imageInvalid(err);
  }
  const { format, width, height } = meta;
  // The decoder must agree with the magic bytes, and sharp must be able to decode the type at all.
  if (!format || !decodableFormats[mime]?.includes(format) || !width || !height) throw imageInvalid();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    throw imageTooLargeDimensions(MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS);
  return { format, width, height, orientation: meta.orientation ?? 1, pages: Math.max(1, meta.pages ?? 1) };
}

/** The decoder every use starts from: bounded in pixels and time, refusing corrupt data. */
export function decodeImage(data: Buffer, options: { animated: boolean }): sharp.Sharp {
  // 'error' refuses corrupt and truncated data but lets through the harmless warnings some
  // cameras' files raise. For an animation the pixel limit covers all frames together.
  return sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: options.animated }).timeout({
    seconds: PROCESS_TIMEOUT_SECONDS,
  });
}

export interface ProcessedImage {
  data: Buffer;
  /** Of one frame. */
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** Encodes the pipeline to WebP; a decoder failure at this point is the upload's fault (400). */
export async function encodeWebp(pipeline: sharp.Sharp): Promise<ProcessedImage> {
  try {
    const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    // For an animation `info.height` counts every frame; `pageHeight` is one frame's.
    return { data, width: info.width, height: info.pageHeight ?? info.height, contentType: 'image/webp' };
  } catch (err) {
    throw imageInvalid(err);
  }
}
