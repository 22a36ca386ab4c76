/**
 * The reels feed's one statement is served by `reels_feed_idx` (newest first, live reels only),
 * on PGlite and on real PostgreSQL, on the first page and after a cursor. Sequential scans are
 * switched off for the EXPLAIN, so the plan names the index only if it can answer the query.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { memberIds, useStoriesReelsService } from '../test-support.js';
import { reelsQuery } from './read.js';

describe(`the reels feed's query plan (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useStoriesReelsService();
  const viewer = memberIds()();

  async function plan(where: SQL): Promise<string> {
    const { svc } = service;
    const sr = { ctx: svc.ctx, tables: svc.tables, now: () => new Date(), purgeEveryMs: 0 };
    const built = new PgDialect().sqlToQuery(reelsQuery(sr, viewer, where, 11));
    return svc.adapters.database.rawTransaction(async (raw) => {
      await raw.exec('set local enable_seqscan = off');
      const rows = await raw.query<{ 'QUERY PLAN': string }>(`explain ${built.sql}`, built.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('reads the feed from reels_feed_idx, first page and after a cursor', async () => {
    const { svc } = service;
    const r = svc.tables.reels;
    await svc.ctx.db.execute(
      sql`insert into ${r} (author_id, video_url, video_id, caption, deleted_at)
        select 1000 + (i % 50), '/uploads/videos/plan-' || i || '.mp4', 900000000 + i, 'Reel ' || i, case when i % 10 = 0 then now() end
        from generate_series(1, 2000) as i`,
    );
    await svc.ctx.db.execute(sql`analyze ${r}`);
    expect(await plan(sql`true`)).toContain('reels_feed_idx');
    expect(await plan(sql`r.id < ${1500}`)).toContain('reels_feed_idx');
  });
});
