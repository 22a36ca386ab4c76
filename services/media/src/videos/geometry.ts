/**
 * Sizes and times the transcode decides from the probe: the output's dimensions and where the
 * poster frame is taken.
 */

/** 720p: landscape videos fit 1280x720, portrait ones (reels, phone clips) 720x1280. */
export const VIDEO_BOX = { long: 1280, short: 720 };
/** Larger pictures are refused: decoding them costs more than any phone produces. */
export const MAX_SOURCE_SIDE = 8192;

export interface Size {
  width: number;
  height: number;
}

const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The output size: the shown picture scaled down (never up) to fit the box turned the same way,
 * aspect kept, both sides even (H.264 with 4:2:0 chroma needs even dimensions).
 */
export function fitVideo(shown: Size): Size {
  const portrait = shown.height > shown.width;
  const box = portrait ? { width: VIDEO_BOX.short, height: VIDEO_BOX.long } : { width: VIDEO_BOX.long, height: VIDEO_BOX.short };
  const scale = Math.min(1, box.width / shown.width, box.height / shown.height);
  return { width: evenDown(Math.round(shown.width * scale)), height: evenDown(Math.round(shown.height * scale)) };
}

/** The poster frame: at 1 s, or half-way through a clip shorter than 2 s. */
export function posterTime(durationSeconds: number | null): number {
  if (durationSeconds === null || durationSeconds >= 2) return 1;
  return Math.max(0, durationSeconds / 2);
}
