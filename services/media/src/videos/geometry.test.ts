import { describe, expect, it } from 'vitest';
import { fitVideo, posterTime, smallRendition } from './geometry.js';

describe('video geometry', () => {
  it.each([
    [
      { width: 1920, height: 1080 },
      { width: 1280, height: 720 },
    ],
    [
      { width: 3840, height: 2160 },
      { width: 1280, height: 720 },
    ],
    [
      { width: 1080, height: 1920 },
      { width: 720, height: 1280 },
    ],
    [
      { width: 1000, height: 1000 },
      { width: 720, height: 720 },
    ],
    [
      { width: 2000, height: 600 },
      { width: 1280, height: 384 },
    ],
    [
      { width: 320, height: 240 },
      { width: 320, height: 240 },
    ],
    [
      { width: 321, height: 241 },
      { width: 320, height: 240 },
    ],
    [
      { width: 640, height: 1 },
      { width: 640, height: 2 },
    ],
  ])('fits %j into %j (720p box turned like the picture, never enlarged, even sides)', (shown, expected) => {
    expect(fitVideo(shown)).toEqual(expected);
  });

  it.each([
    [
      { width: 1080, height: 1920 },
      { width: 1080, height: 1920 },
    ],
    [
      { width: 1440, height: 2560 },
      { width: 1080, height: 1920 },
    ],
    [
      { width: 2160, height: 3840 },
      { width: 1080, height: 1920 },
    ],
    [
      { width: 540, height: 960 },
      { width: 540, height: 960 },
    ],
    [
      { width: 1920, height: 1080 },
      { width: 1080, height: 608 },
    ],
    [
      { width: 1080, height: 2400 },
      { width: 864, height: 1920 },
    ],
    [
      { width: 1001, height: 1779 },
      { width: 1000, height: 1778 },
    ],
  ])('fits the reel %j into %j (one portrait box 1080x1920, never enlarged, even sides)', (shown, expected) => {
    expect(fitVideo(shown, 'reel')).toEqual(expected);
  });

  it('keeps the 720p box for stories', () => {
    expect(fitVideo({ width: 1080, height: 1920 }, 'story')).toEqual({ width: 720, height: 1280 });
  });

  it.each([
    [
      { width: 1280, height: 720 },
      { width: 640, height: 360 },
    ],
    [
      { width: 720, height: 1280 },
      { width: 360, height: 640 },
    ],
    [
      { width: 1080, height: 1920 },
      { width: 360, height: 640 },
    ],
    [
      { width: 1080, height: 608 },
      { width: 638, height: 360 },
    ],
    [
      { width: 640, height: 362 },
      { width: 636, height: 360 },
    ],
  ])('makes the small rendition of %j %j (short side 360, even sides)', (main, expected) => {
    expect(smallRendition(main)).toEqual(expected);
  });

  it('makes no small rendition of a video already 360p or smaller (never enlarged)', () => {
    for (const main of [
      { width: 640, height: 360 },
      { width: 360, height: 640 },
      { width: 320, height: 240 },
    ])
      expect(smallRendition(main)).toBeNull();
  });

  it('takes the poster at 1 s, or half-way through a short clip', () => {
    expect(posterTime(30)).toBe(1);
    expect(posterTime(2)).toBe(1);
    expect(posterTime(1.2)).toBeCloseTo(0.6);
    expect(posterTime(null)).toBe(1);
  });
});
