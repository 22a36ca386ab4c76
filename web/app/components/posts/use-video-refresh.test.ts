import { describe, expect, it } from 'vitest';
import { nearScreen, VIDEO_REFRESH_MAX_MS, VIDEO_REFRESH_MS, videoRefreshDelay } from './use-video-refresh';

describe('videoRefreshDelay', () => {
  it('checks back at the normal pace while checks succeed', () => {
    expect(videoRefreshDelay(0)).toBe(VIDEO_REFRESH_MS);
  });

  it('doubles the wait after each failed check in a row, up to a minute, and never gives up', () => {
    expect([1, 2, 3, 4].map(videoRefreshDelay)).toEqual([8_000, 16_000, 32_000, VIDEO_REFRESH_MAX_MS]);
    expect(videoRefreshDelay(1_000)).toBe(VIDEO_REFRESH_MAX_MS);
  });
});

describe('nearScreen', () => {
  const at = (top: number, height = 600) => ({ getBoundingClientRect: () => ({ top, bottom: top + height }) as DOMRect });

  it('counts a card on screen, partly on screen, or within one screen of it', () => {
    expect(nearScreen(at(100), 900)).toBe(true);
    expect(nearScreen(at(800), 900)).toBe(true); // its top peeks in at the bottom
    expect(nearScreen(at(1_700), 900)).toBe(true); // just below the fold
    expect(nearScreen(at(-1_400), 900)).toBe(true); // scrolled just past
  });

  it('leaves out a card far above or below the screen, and a card not mounted', () => {
    expect(nearScreen(at(1_801), 900)).toBe(false);
    expect(nearScreen(at(-1_501), 900)).toBe(false);
    expect(nearScreen(null, 900)).toBe(false);
  });
});
