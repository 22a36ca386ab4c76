import { reelLimits, reelTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { checkReelDuration, checkReelFile, reelTypeOf } from './reel-file';

const file = (name: string, type: string, size = 1_000) => ({ name, type, size });

describe('checkReelFile', () => {
  it('accepts MP4, WEBM and MOV up to 50 MB', () => {
    expect(checkReelFile(file('a.mp4', 'video/mp4'))).toBeNull();
    expect(checkReelFile(file('a.webm', 'video/webm'))).toBeNull();
    expect(checkReelFile(file('a.mov', 'video/quicktime', reelLimits.maxBytes))).toBeNull();
  });

  it("refuses other types with the spec's text, whatever the extension says", () => {
    expect(checkReelFile(file('a.avi', 'video/x-msvideo'))).toBe(reelTexts.onlyTypes);
    expect(checkReelFile(file('a.mp4', 'image/png'))).toBe(reelTexts.onlyTypes);
    expect(checkReelFile(file('notes.txt', ''))).toBe(reelTexts.onlyTypes);
  });

  it('goes by the extension when the system reports no type', () => {
    expect(reelTypeOf(file('clip.MOV', ''))).toBe('video/quicktime');
    expect(checkReelFile(file('clip.webm', ''))).toBeNull();
  });

  it('refuses a file over 50 MB with "Max 50MB"', () => {
    expect(checkReelFile(file('a.mp4', 'video/mp4', reelLimits.maxBytes + 1))).toBe(reelTexts.maxSize);
  });
});

describe('checkReelDuration', () => {
  it('refuses a video over 90 seconds and leaves an unknown length to the server', () => {
    expect(checkReelDuration(90)).toBeNull();
    expect(checkReelDuration(90.5)).toBe(reelTexts.tooLong);
    expect(checkReelDuration(null)).toBeNull();
    expect(checkReelDuration(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
