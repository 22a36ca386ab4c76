/**
 * Sizes and times the transcode decides from the probe: the output's dimensions, its small
 * rendition's, and where the poster frame is taken.
 */
import { reelLimits, SMALL_VIDEO_SIDE, type MediaPurpose } from '@kora/contracts';

/** 720p for posts and stories: landscape videos fit 1280x720, portrait ones (phone clips) 720x1280. */
export const VIDEO_BOX = { long: 1280, short: 720 };
/** Larger pictures are refused: decoding them costs more than any phone produces. */
export const MAX_SOURCE_SIDE = 8192;

export interface Size {
  width: number;
  height: number;
}

const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * Reels (decision 022) fit one portrait box, whatever their orientation: a 9:16 clip stays 9:16 at
 * up to 1080x1920, and a landscape one is as wide as the phone showing it.
 */
export const REEL_BOX: Size = { width: reelLimits.maxWidth, height: reelLimits.maxHeight };

/** The box a video of this purpose is fitted in: posts and stories keep the 720p box turned its way. */
export function boxFor(purpose: MediaPurpose, shown: Size): Size {
  if (purpose === 'reel') return REEL_BOX;
  const portrait = shown.height > shown.width;
  return portrait ? { width: VIDEO_BOX.short, height: VIDEO_BOX.long } : { width: VIDEO_BOX.long, height: VIDEO_BOX.short };
}

/**
 * The output size: the shown picture scaled down (never up) to fit its purpose's box, aspect kept,
 * both sides even (H.264 with 4:2:0 chroma needs even dimensions).
 */
export function fitVideo(shown: Size, purpose: MediaPurpose = 'post'): Size {
  const box = boxFor(purpose, shown);
  const scale = Math.min(1, box.width / shown.width, box.height / shown.height);
  return { width: evenDown(Math.round(shown.width * scale)), height: evenDown(Math.round(shown.height * scale)) };
}

/**
 * The small rendition (decision 044) of a video transcoded at `main`: its short side 360, aspect
 * kept, both sides even; null when the main one is already that small (never enlarged).
 */
export function smallRendition(main: Size): Size | null {
  const short = Math.min(main.width, main.height);
  if (short <= SMALL_VIDEO_SIDE) return null;
  const scale = SMALL_VIDEO_SIDE / short;
  return { width: evenDown(Math.round(main.width * scale)), height: evenDown(Math.round(main.height * scale)) };
}

/** The poster frame: at 1 s, or half-way through a clip shorter than 2 s. */
export function posterTime(durationSeconds: number | null): number {
  if (durationSeconds === null || durationSeconds >= 2) return 1;
  return Math.max(0, durationSeconds / 2);
}
