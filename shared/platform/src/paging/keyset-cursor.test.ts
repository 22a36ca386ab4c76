import { createTestAdapters, type TestAdapters } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.js';
import { badRequest } from '../errors.js';
import { decodeCursor, encodeCursor, timeKeySql } from './keyset-cursor.js';

const invalid = () => badRequest('The page cursor is not valid');
const raw = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const AT = '2026-11-22T05:15:49.123456Z';

describe('keyset cursor', () => {
  it('round-trips its parts, base64url so it travels in a query string', () => {
    const cursor = encodeCursor([2, AT, 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ['rank', 'time', 'id'], invalid)).toEqual([2, AT, 42]);
  });

  it('leaves an optional last id off when it is not given, and reads it back when it is', () => {
    expect(decodeCursor(encodeCursor([AT, 42, undefined]), ['time', 'id', 'id?'], invalid)).toEqual([AT, 42, undefined]);
    expect(decodeCursor(encodeCursor([AT, 42, 7]), ['time', 'id', 'id?'], invalid)).toEqual([AT, 42, 7]);
  });

  it('answers null for the first page: no cursor, or 0', () => {
    expect(decodeCursor(undefined, ['time', 'id'], invalid)).toBeNull();
    expect(decodeCursor('0', ['time', 'id'], invalid)).toBeNull();
  });

  it.each([
    ['not base64url', 'not a cursor!'],
    ['empty id', raw(`${AT}|`)],
    ['no id', raw(AT)],
    ['zero id', raw(`${AT}|0`)],
    ['huge id', raw(`${AT}|99999999999999999`)],
    ['milliseconds only', raw('2026-11-22T05:15:49.123Z|1')],
    ['impossible day', raw('2025-02-30T05:15:49.123456Z|1')],
    ['impossible hour', raw('2025-02-03T25:15:49.123456Z|1')],
    ['extra part', raw(`${AT}|1|2|3`)],
    ['empty optional id', raw(`${AT}|1|`)],
    ['sql', raw(`${AT}'; drop table posts;--|1`)],
  ])('refuses %s with the caller’s error', (_name, cursor) => {
    expect(() => decodeCursor(cursor, ['time', 'id', 'id?'], invalid)).toThrowError(
      expect.objectContaining({ statusCode: 400, message: 'The page cursor is not valid' }),
    );
  });

  it('refuses a rank of more than one digit', () => {
    expect(() => decodeCursor(raw(`10|${AT}|1`), ['rank', 'time', 'id'], invalid)).toThrowError('The page cursor is not valid');
  });
});

describe(`timeKeySql (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;

  beforeAll(async () => {
    adapters = await createTestAdapters();
  });

  afterAll(async () => {
    await adapters?.close();
  });

  it('renders a time in UTC to the microsecond, which a cursor carries and ::timestamptz reads back', async () => {
    const at = sql`'2026-11-22 06:15:49.123456+01'::timestamptz`;
    const [row] = rowsOf<{ key: string }>(await adapters.database.db.execute(sql`select ${timeKeySql(at)} as key`));
    expect(row!.key).toBe(AT);
    const [, key] = decodeCursor(encodeCursor([1, row!.key]), ['id', 'time'], invalid)!;
    const [back] = rowsOf<{ same: boolean }>(await adapters.database.db.execute(sql`select ${key}::timestamptz = ${at} as same`));
    expect(back!.same).toBe(true);
  });
});
