import { describe, expect, it } from 'vitest';
import { assertValidKey, InvalidKeyError, isPublicKey, isValidKey, newKey, parseKey, publicUrl, siblingKey } from './keys.js';

const ID = '0123456789abcdef0123456789abcdef';

describe('storage keys', () => {
  it('makes random keys of the one grammar', () => {
    const a = newKey('profile', 'webp');
    const b = newKey('profile', 'webp');
    expect(a).toMatch(/^profile\/[0-9a-f]{32}\.webp$/);
    expect(a).not.toBe(b);
    expect(newKey('videos', 'jpg', 'poster')).toMatch(/^videos\/[0-9a-f]{32}-poster\.jpg$/);
  });

  it('parses a key into area, id, variant and content type', () => {
    expect(parseKey(`videos/${ID}-poster.webp`)).toEqual({
      key: `videos/${ID}-poster.webp`,
      area: 'videos',
      id: ID,
      variant: 'poster',
      ext: 'webp',
      contentType: 'image/webp',
    });
    expect(parseKey(`videos/${ID}.mp4`)?.contentType).toBe('video/mp4');
  });

  it.each([
    '',
    '../etc/passwd',
    `profile/../${ID}.webp`,
    `/profile/${ID}.webp`,
    `profile//${ID}.webp`,
    `profile/${ID}.webp/`,
    `profile\\${ID}.webp`,
    `profile/${ID}.webp\0.png`,
    `profile/${ID.toUpperCase()}.webp`,
    `profile/${ID}.WEBP`,
    `profile/${ID}.html`,
    `profile/${ID}.svg`,
    `profile/${ID.slice(1)}.webp`,
    `profile/${ID}0.webp`,
    `profile/${ID}.webp.exe`,
    `profile/${ID}-.webp`,
    `profile/${ID}-Poster.webp`,
    `profile/${ID}-poster/x.webp`,
    `secrets/${ID}.webp`,
    'profile/defaultavatar.png',
    `%2e%2e/${ID}.webp`,
    `profile/${ID}.webp `,
    ` profile/${ID}.webp`,
    `profile/${ID}.webp\n`,
  ])('refuses %j', (key) => {
    expect(isValidKey(key)).toBe(false);
    expect(() => assertValidKey(key)).toThrow(InvalidKeyError);
  });

  it('refuses what is not a string', () => {
    for (const key of [undefined, null, 42, {}, [`profile/${ID}.webp`]]) expect(isValidKey(key)).toBe(false);
  });

  it('tells public areas from the private one', () => {
    expect(isPublicKey(`profile/${ID}.webp`)).toBe(true);
    expect(isPublicKey(`images/${ID}.webp`)).toBe(true);
    expect(isPublicKey(`videos/${ID}.mp4`)).toBe(true);
    expect(isPublicKey(`incoming/${ID}.bin`)).toBe(false);
    expect(() => publicUrl(`incoming/${ID}.bin`)).toThrow(InvalidKeyError);
    expect(publicUrl(`profile/${ID}.webp`)).toBe(`/uploads/profile/${ID}.webp`);
  });

  it('derives the other files of one upload from its key', () => {
    expect(siblingKey(`incoming/${ID}.bin`, null, 'mp4', 'videos')).toBe(`videos/${ID}.mp4`);
    expect(siblingKey(`videos/${ID}.mp4`, 'poster', 'webp')).toBe(`videos/${ID}-poster.webp`);
    expect(() => siblingKey(`videos/${ID}.mp4`, '../x', 'webp')).toThrow(InvalidKeyError);
  });
});
