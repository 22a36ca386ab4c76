import { withFreshSchema } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { carriesNoMutedWord, mutedTextMatcher } from './lookups.js';

const texts = [
  'Traffic in LAGOS today',
  'Off to #lagos!',
  'Lagosians unite',
  'nothing here',
  'Election results are in',
  'the #Election2027 debate',
];
const words = ['lagos', '#election2027', 'results are'];

describe('muted words', () => {
  it('match whole words and hashtags, whatever the case, and nothing else', () => {
    const muted = mutedTextMatcher(words)!;
    expect(texts.filter(muted)).toEqual([
      'Traffic in LAGOS today',
      'Off to #lagos!',
      'Election results are in',
      'the #Election2027 debate',
    ]);
    expect(mutedTextMatcher([])).toBeNull();
    expect(mutedTextMatcher(['a.b'])!('axb')).toBe(false);
  });

  it(`are applied alike by PostgreSQL (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
    await withFreshSchema(async ({ database, schema }) => {
      const db = database.db;
      await db.execute(sql.raw(`create schema ${schema}`));
      await db.execute(sql.raw(`create table ${schema}.posts (content text)`));
      const posts = pgSchema(schema).table('posts', { content: text('content') });
      await db.insert(posts).values(texts.map((content) => ({ content })));
      const kept = await db.select().from(posts).where(carriesNoMutedWord(posts.content, words));
      expect(kept.map((row) => row.content).sort()).toEqual(['Lagosians unite', 'nothing here']);
      expect(await db.select().from(posts).where(carriesNoMutedWord(posts.content, []))).toHaveLength(texts.length);
    });
  });
});
