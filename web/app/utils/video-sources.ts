/**
 * Which of a video's files a player lists, best first (decision 044). Phones and data saver start
 * with the smallest rendition, larger screens with the main one, unless the member turned data
 * saver off, which keeps the main one everywhere. A video the server knows no renditions of (one
 * processed before) may still have its 360p file: `guessSmall` lists `<name>-360.mp4` first and the
 * video's own URL after it, which the browser falls back to when the first is missing.
 */
import { SMALL_VIDEO_VARIANT, type DataSaverChoice, type VideoRendition } from '@kora/contracts';

export interface SourceChoice {
  /** A small screen (a phone). */
  smallScreen: boolean;
  dataSaver: { choice: DataSaverChoice; on: boolean };
}

/** Whether this viewer should get the smallest file first. */
export function prefersSmall({ smallScreen, dataSaver }: SourceChoice): boolean {
  if (dataSaver.on) return true;
  return dataSaver.choice !== 'off' && smallScreen;
}

/** The URLs for `<source>` elements, in the order the browser should try them. */
export function videoSources(
  video: { url: string; renditions?: VideoRendition[] | undefined },
  choice: SourceChoice,
  options: { guessSmall?: boolean } = {},
): string[] {
  const small = prefersSmall(choice);
  const known = video.renditions?.length ? video.renditions.map((r) => r.url) : null;
  if (known) return small ? known : [...known].reverse();
  if (small && options.guessSmall) return [video.url.replace(/\.mp4$/, `-${SMALL_VIDEO_VARIANT}.mp4`), video.url];
  return [video.url];
}

/** The viewport width up to which a screen counts as a phone's. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)';
