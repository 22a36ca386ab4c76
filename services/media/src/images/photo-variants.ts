/**
 * The smaller sizes and other formats of a post's photo (decision 044), made from the same decoded
 * pixels as its full-size WebP so nothing is compressed twice: each standard width narrower than
 * the photo (never enlarged) in AVIF and WebP, the full size in AVIF, and a ThumbHash placeholder.
 * Animations keep WebP only (AVIF is written as a still here) but get the narrower widths too.
 *
 * AVIF at quality 50, 4:2:0, effort 2: several times smaller than the WebP for photos, and quick
 * enough to make while the upload request waits (higher efforts cost seconds per photo on 2 cores).
 */
import { photoWidths, type PhotoFormat } from '@kora/contracts';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { imageInvalid } from '../errors.js';
import { WEBP_QUALITY } from './process-image.js';

const AVIF_OPTIONS: sharp.AvifOptions = { quality: 50, effort: 2, chromaSubsampling: '4:2:0' };
/** ThumbHash takes at most 100x100 pixels. */
const PLACEHOLDER_BOX = 100;
/** Like every decode of an upload, bounded in time. */
const ENCODE_TIMEOUT_SECONDS = 20;

export interface PhotoVariant {
  width: number;
  height: number;
  format: PhotoFormat;
  data: Buffer;
}

export interface PhotoVariants {
  /** Every stored width, narrowest first; the last is the full size (whose WebP is the photo itself). */
  widths: number[];
  formats: PhotoFormat[];
  /** The files to store beside the full-size WebP. */
  variants: PhotoVariant[];
  placeholder: string | null;
}

/** The fitted photo's decoded pixels (a still) or its full-size WebP (an animation, decoded again). */
export type FittedSource = { kind: 'raw'; data: Buffer; info: sharp.OutputInfo } | { kind: 'animation'; webp: Buffer };

function open(source: FittedSource): sharp.Sharp {
  const image =
    source.kind === 'raw'
      ? sharp(source.data, { raw: { width: source.info.width, height: source.info.height, channels: source.info.channels } })
      : sharp(source.webp, { animated: true, limitInputPixels: false });
  return image.timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
}

async function encode(source: FittedSource, width: number, fullWidth: number, format: PhotoFormat): Promise<PhotoVariant> {
  let pipeline = open(source);
  if (width < fullWidth) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  pipeline = format === 'avif' ? pipeline.avif(AVIF_OPTIONS) : pipeline.webp({ quality: WEBP_QUALITY });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.pageHeight ?? info.height, format, data };
}

/** The ThumbHash (base64) of the photo's first frame; null if it cannot be made (never fails the upload). */
export async function thumbHashOf(source: FittedSource): Promise<string | null> {
  try {
    const { data, info } = await open(source)
      .resize(PLACEHOLDER_BOX, PLACEHOLDER_BOX, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // An animation's raw output stacks its frames: the first frame is the top rows.
    const height = source.kind === 'animation' ? Math.min(info.height, info.pageHeight ?? info.height) : info.height;
    const firstFrame = data.subarray(0, info.width * height * 4);
    return Buffer.from(rgbaToThumbHash(info.width, height, firstFrame)).toString('base64');
  } catch {
    return null;
  }
}

/** Every variant of a photo whose full size is `fullWidth` wide; a failure is the upload's (400). */
export async function makePhotoVariants(source: FittedSource, fullWidth: number): Promise<PhotoVariants> {
  const widths = photoWidths(fullWidth);
  const formats: PhotoFormat[] = source.kind === 'animation' ? ['webp'] : ['avif', 'webp'];
  // The full-size WebP is the photo itself, stored under its own URL.
  const wanted = widths.flatMap((width) =>
    formats.filter((format) => width < fullWidth || format !== 'webp').map((format) => ({ width, format })),
  );
  let variants: PhotoVariant[];
  try {
    // Side by side: the encoders' work spreads over every core while the upload waits.
    variants = await Promise.all(wanted.map(({ width, format }) => encode(source, width, fullWidth, format)));
  } catch (err) {
    throw imageInvalid(err);
  }
  return { widths, formats, variants, placeholder: await thumbHashOf(source) };
}
