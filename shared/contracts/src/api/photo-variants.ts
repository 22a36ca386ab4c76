/**
 * Light media (decision 044): the sizes and formats every photo is stored in since, and how their
 * URLs are named from the photo's own. Plain values and functions, no schema library, so the
 * browser builds its `srcset`s with the same rule the media service stores by.
 *
 * A photo's own URL (`/uploads/images/<name>.webp`, what `urls` and posts carry) stays its largest
 * WebP. Beside it: `<name>.avif` at the same size, and `<name>-<width>.<format>` for each narrower
 * standard width. Photos stored before have none of these: clients use the photo's URL alone.
 */
export const PHOTO_WIDTHS = [320, 640, 1080, 2048] as const;
/** Smallest first: a browser takes the first `<source>` whose type it decodes. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const photoContentTypes: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** What a stored photo offers beyond its URL (upload answers, posts' `imageDetails`). */
export interface PhotoDetails {
  url: string;
  /** Of the full-size photo (its own URL), upright. */
  width: number;
  height: number;
  /** A ThumbHash (base64) of the photo, to paint while it loads; null when none was made. */
  placeholder: string | null;
  /** Every stored width, narrowest first; the last is `width`. */
  widths: number[];
  formats: PhotoFormat[];
}

/** The widths stored for a photo `fullWidth` wide: the standard ones narrower than it (never enlarged), then its own. */
export function photoWidths(fullWidth: number): number[] {
  return [...PHOTO_WIDTHS.filter((width) => width < fullWidth), fullWidth];
}

/** The URL of the photo at `width` in `format` (its full width: the base name in that format). */
export function photoVariantUrl(photo: Pick<PhotoDetails, 'url' | 'width'>, width: number, format: PhotoFormat): string {
  const base = photo.url.replace(/\.[a-z0-9]+$/, '');
  return width >= photo.width ? `${base}.${format}` : `${base}-${width}.${format}`;
}

/** `url 320w, url 640w, …` of one format, for a `<source srcset>`. */
export function photoSrcset(photo: Pick<PhotoDetails, 'url' | 'width' | 'widths'>, format: PhotoFormat, widths = photo.widths): string {
  return widths.map((width) => `${photoVariantUrl(photo, width, format)} ${width}w`).join(', ');
}

/**
 * Videos (decision 044): a video's own URL (`/uploads/videos/<name>.mp4`) stays its main rendition
 * (720p, a reel's portrait box); videos larger than 360p also get `<name>-360.mp4`.
 */
/** The small rendition's short side (360 wide for a portrait clip), and its name's suffix. */
export const SMALL_VIDEO_SIDE = 360;
export const SMALL_VIDEO_VARIANT = String(SMALL_VIDEO_SIDE);

/** One playable file of a video. */
export interface VideoRendition {
  url: string;
  width: number;
  height: number;
}
