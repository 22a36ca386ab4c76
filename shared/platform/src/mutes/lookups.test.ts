import { withFreshSchema } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { bigint, pgSchema, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { carriesNoMutedWord, carriesNoWordMutedBy, mutedTextMatcher, notMutedBy } from './lookups.js';
import { memberMutesSql, memberMutesTable } from './table.js';

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

  it(`are applied alike when PostgreSQL reads them from the projection itself (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
    await withFreshSchema(async ({ database, schema }) => {
      const db = database.db;
      const statements = [
        `create schema ${schema}`,
        ...memberMutesSql.replaceAll('{schema}', schema).replace(/--.*$/gm, '').split(';'),
        `create table ${schema}.posts (author_id bigint, content text)`,
      ];
      for (const statement of statements.filter((s) => s.trim() !== '')) await db.execute(sql.raw(statement));
      const mutes = memberMutesTable(pgSchema(schema));
      const posts = pgSchema(schema).table('posts', { authorId: bigint('author_id', { mode: 'number' }), content: text('content') });
      await db.insert(mutes).values({ userId: 1, memberIds: [7], words: [...words, "o'neil", 'a-b'], updatedAt: new Date() });
      await db
        .insert(posts)
        .values([...texts, "O'Neil said", 'a-b c', 'ab c'].map((content, i) => ({ authorId: i === 0 ? 7 : 8, content })));
      const kept = async (viewer: number) =>
        (
          await db
            .select()
            .from(posts)
            .where(carriesNoWordMutedBy(mutes, viewer, posts.content))
        )
          .map((row) => row.content)
          .sort();
      expect(await kept(1)).toEqual(['Lagosians unite', 'ab c', 'nothing here']);
      expect(await kept(2)).toHaveLength(texts.length + 3);
      const authors = async (viewer: number) =>
        (
          await db
            .select()
            .from(posts)
            .where(notMutedBy(mutes, viewer, posts.authorId))
        ).map((row) => row.content);
      expect(await authors(1)).not.toContain(texts[0]);
      expect(await authors(1)).toHaveLength(texts.length + 2);
      expect(await authors(2)).toHaveLength(texts.length + 3);
    });
  });
});
