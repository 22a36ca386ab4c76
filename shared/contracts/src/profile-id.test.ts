import Hashids from 'hashids';
import { describe, expect, it } from 'vitest';
import {
  decodeProfileId,
  encodeProfileId,
  parseProfileParam,
  PROFILE_ID_ALPHABET,
  PROFILE_ID_MIN_LENGTH,
  PROFILE_ID_SALT,
} from './profile-id.js';

// Codes made by Kora's own Hashids port before it gave way to the `hashids` package (captured
// from that implementation). Links already shared carry them, so they must keep encoding and
// decoding exactly so.
const ISSUED: ReadonlyArray<readonly [number, string]> = [
  [0, '1KaB9yB4m6'],
  [1, 'WaD0Og09XK'],
  [2, 'YoXBWgBdNM'],
  [3, '5VzBV4Zvqp'],
  [7, 'novjwOjazy'],
  [9, 'YJlBXzZA3a'],
  [10, '3vyjd8jAaQ'],
  [11, '8eQBJpZPl7'],
  [42, 'NVkZmMZ2bD'],
  [99, '8eQBJMp0Pl'],
  [100, '1KaB9pK04m'],
  [101, 'WaD0OaEj9X'],
  [255, '8eQBJ64BPl'],
  [256, 'K45jzGwZGR'],
  [999, '8eQBJvGBPl'],
  [1000, '1KaB9eAB4m'],
  [1024, 'VwJ04mKBnE'],
  [4096, 'vbZ7AdoBRp'],
  [9999, 'eQBJ6rpBPl'],
  [12_345, 'aD0ODbOB9X'],
  [65_535, 'E2j3Krzj8m'],
  [65_536, 'PYjnA9bBdR'],
  [99_999, 'eQBJ1rWG0P'],
  [123_456, '45jzlnmw0G'],
  [999_999, 'eQBJpwYpZP'],
  [1_000_000, 'KaB9bAmKj4'],
  [16_777_216, 'JBe7lmLYZ9'],
  [2_147_483_647, 'zBVE5mmQo0'],
  [4_294_967_296, 'bZ7bP9XRoj'],
  [1_000_000_000_000, 'B9nMwOMlaK'],
  [9_007_199_254_740_991, 'Vy7vvEvo4gv'],
];

describe('profile ids', () => {
  it.each(ISSUED)('%d is still %s, and %s still decodes to it', (id, code) => {
    expect(encodeProfileId(id)).toBe(code);
    expect(decodeProfileId(code)).toBe(id);
    expect(parseProfileParam(code)).toBe(id);
  });

  it('are the codes any Hashids library makes with the same salt, minimum length and alphabet', () => {
    const reference = new Hashids(PROFILE_ID_SALT, PROFILE_ID_MIN_LENGTH, PROFILE_ID_ALPHABET);
    for (const [id, code] of ISSUED) expect(reference.encode(id)).toBe(code);
  });

  it('are at least 10 characters of a-z, A-Z, 0-9', () => {
    for (const [id] of ISSUED) expect(encodeProfileId(id)).toMatch(/^[a-zA-Z0-9]{10,}$/);
  });

  it('reject tampered, foreign and malformed input', () => {
    const encoded = encodeProfileId(42);
    const tampered = encoded.slice(0, -1) + (encoded.endsWith('a') ? 'b' : 'a');
    expect(decodeProfileId(tampered)).toBeNull();
    expect(decodeProfileId(new Hashids('another-salt', 10).encode(42))).toBeNull();
    expect(decodeProfileId(new Hashids(PROFILE_ID_SALT, PROFILE_ID_MIN_LENGTH).encode(1, 2))).toBeNull();
    expect(decodeProfileId('')).toBeNull();
    expect(decodeProfileId('not-an-id!')).toBeNull();
    expect(() => encodeProfileId(-1)).toThrow(RangeError);
    expect(() => encodeProfileId(1.5)).toThrow(RangeError);
  });

  it('parseProfileParam accepts the plain and the encoded form', () => {
    expect(parseProfileParam('42')).toBe(42);
    expect(parseProfileParam(encodeProfileId(42))).toBe(42);
    expect(parseProfileParam('abc')).toBeNull();
  });
});
