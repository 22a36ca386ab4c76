import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.js';

describe('page cursor', () => {
  it('round-trips a key with microseconds', () => {
    const key = { at: '2026-11-22T05:15:49.123456Z', id: 42 };
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it('round-trips a feed key with the sponsored post its page showed', () => {
    const key = { at: '2026-11-22T05:15:49.123456Z', id: 42, sponsored: 7 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });

  it.each([
    ['not base64url', 'not a cursor!'],
    ['garbage', 'not-a-cursor'],
    ['empty id', Buffer.from('2026-11-22T05:15:49.123456Z|').toString('base64url')],
    ['no id', Buffer.from('2026-11-22T05:15:49.123456Z').toString('base64url')],
    ['zero id', Buffer.from('2026-11-22T05:15:49.123456Z|0').toString('base64url')],
    ['huge id', Buffer.from('2026-11-22T05:15:49.123456Z|99999999999999999').toString('base64url')],
    ['milliseconds only', Buffer.from('2026-11-22T05:15:49.123Z|1').toString('base64url')],
    ['impossible day', Buffer.from('2025-02-30T05:15:49.123456Z|1').toString('base64url')],
    ['impossible hour', Buffer.from('2025-02-03T25:15:49.123456Z|1').toString('base64url')],
    ['extra part', Buffer.from('2026-11-22T05:15:49.123456Z|1|2|3').toString('base64url')],
    ['zero sponsored id', Buffer.from('2026-11-22T05:15:49.123456Z|1|0').toString('base64url')],
    ['empty sponsored id', Buffer.from('2026-11-22T05:15:49.123456Z|1|').toString('base64url')],
    ['sql', Buffer.from("2026-11-22T05:15:49.123456Z'; drop table posts;--|1").toString('base64url')],
  ])('refuses %s with 400 "The page cursor is not valid"', (_name, cursor) => {
    expect(() => decodeCursor(cursor)).toThrowError(expect.objectContaining({ statusCode: 400, message: 'The page cursor is not valid' }));
  });
});
