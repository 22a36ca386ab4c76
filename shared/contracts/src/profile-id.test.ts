import { describe, expect, it } from 'vitest';
import { createHashids, decodeProfileId, encodeProfileId, parseProfileParam } from './profile-id.js';

// Reference vectors published with the Hashids JS library (niieani/hashids.js test suite); matching
// them proves ids are interchangeable with any Hashids implementation.
describe('createHashids matches the reference implementation', () => {
  const MAX = Number.MAX_SAFE_INTEGER;

  it.each([
    ['gY', [0]],
    ['jR', [1]],
    ['R8ZN0', [928_728]],
    ['o2fXhV', [1, 2, 3]],
    ['jRfMcP', [1, 0, 0]],
    ['gLpmopgO6', [1_000_000_000_000]],
    ['lEW77X7g527', [MAX]],
  ])('default params: %s ⇄ %j', (id, numbers) => {
    const hashids = createHashids();
    expect(hashids.encode(numbers)).toBe(id);
    expect(hashids.decode(id)).toEqual(numbers);
  });

  it.each([
    ['nej1m3d5a6yn875e7gr9kbwpqol02q', [0]],
    ['dw1nqdp92yrajvl9v6k3gl5mb0o8ea', [1]],
    ['onqr0bk58p642wldq14djmw21ygl39', [928_728]],
    ['18apy3wlqkjvd5h1id7mn5ore2d06b', [1, 2, 3]],
    ['1q3y98ln48w96kpo0wgk314w5mak2d', [MAX]],
  ])('salt, min length 30, custom alphabet: %s ⇄ %j', (id, numbers) => {
    const hashids = createHashids('this is my salt', 30, 'xzal86grmb4jhysfoqp3we7291kuct5iv0nd');
    expect(hashids.encode(numbers)).toBe(id);
    expect(hashids.decode(id)).toEqual(numbers);
  });
});

describe('profile ids', () => {
  it('are at least 10 characters of a-z, A-Z, 0-9 and round-trip', () => {
    for (const id of [0, 1, 2, 42, 999, 123_456, 2_147_483_647, Number.MAX_SAFE_INTEGER]) {
      const encoded = encodeProfileId(id);
      expect(encoded).toMatch(/^[a-zA-Z0-9]{10,}$/);
      expect(decodeProfileId(encoded)).toBe(id);
    }
  });

  it('are stable (changing them would break shared links)', () => {
    expect(encodeProfileId(1)).toBe(encodeProfileId(1));
    expect(new Set([1, 2, 3, 4, 5].map(encodeProfileId)).size).toBe(5);
  });

  it('reject tampered, foreign and malformed input', () => {
    const encoded = encodeProfileId(42);
    const tampered = encoded.slice(0, -1) + (encoded.endsWith('a') ? 'b' : 'a');
    expect(decodeProfileId(tampered)).toBeNull();
    expect(decodeProfileId(createHashids('another-salt', 10).encode([42]))).toBeNull();
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
