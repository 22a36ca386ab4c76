import { describe, expect, it } from 'vitest';
import { prefersSmall, videoSources } from './video-sources';

const url = '/uploads/videos/0123456789abcdef0123456789abcdef.mp4';
const small = '/uploads/videos/0123456789abcdef0123456789abcdef-360.mp4';
const renditions = [
  { url: small, width: 640, height: 360 },
  { url, width: 1280, height: 720 },
];
const phone = { smallScreen: true, dataSaver: { choice: 'auto', on: false } } as const;
const desktop = { smallScreen: false, dataSaver: { choice: 'auto', on: false } } as const;

describe('video sources (light media)', () => {
  it('gives a phone the 360p file first, a large screen the main one', () => {
    expect(videoSources({ url, renditions }, phone)).toEqual([small, url]);
    expect(videoSources({ url, renditions }, desktop)).toEqual([url, small]);
  });

  it('follows the member: data saver on means small everywhere, off means the main file even on a phone', () => {
    expect(prefersSmall({ smallScreen: false, dataSaver: { choice: 'on', on: true } })).toBe(true);
    expect(prefersSmall({ smallScreen: false, dataSaver: { choice: 'auto', on: true } })).toBe(true);
    expect(prefersSmall({ smallScreen: true, dataSaver: { choice: 'off', on: false } })).toBe(false);
    expect(videoSources({ url, renditions }, { smallScreen: true, dataSaver: { choice: 'off', on: false } })).toEqual([url, small]);
  });

  it('plays an older video from its URL alone, guessing its small file only where asked', () => {
    expect(videoSources({ url }, phone)).toEqual([url]);
    expect(videoSources({ url, renditions: [] }, phone)).toEqual([url]);
    expect(videoSources({ url }, phone, { guessSmall: true })).toEqual([small, url]);
    expect(videoSources({ url }, desktop, { guessSmall: true })).toEqual([url]);
  });
});
