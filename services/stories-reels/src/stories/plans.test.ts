/**
 * The strip's queries are served by their indexes, on PGlite and on real PostgreSQL: the caller's
 * own stories by `stories_user_live_idx`, the friends' by the friendships primary key and then each
 * friend's live stories by `stories_user_live_idx`, the seen marks by `story_views`' primary key or its by-viewer index.
 * Sequential scans are switched off for the EXPLAIN, so a plan names an index only if that index
 * can answer the query (as the groups' plans test does).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createStoriesReels } from '../context.js';
import { memberIds, useStoriesReelsService } from '../test-support.js';
import { friendsStoriesQuery, ownStoriesQuery } from './strip.js';

describe(`the story strip's query plans (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useStoriesReelsService();
  const viewer = memberIds()();

  async function plan(query: SQL): Promise<string> {
    const { svc } = service;
    const built = new PgDialect().sqlToQuery(query);
    return svc.adapters.database.rawTransaction(async (raw) => {
      await raw.exec('set local enable_seqscan = off');
      const rows = await raw.query<{ 'QUERY PLAN': string }>(`explain ${built.sql}`, built.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('reads the own and the friends’ stories by their indexes', async () => {
    const { svc } = service;
    const { stories, friendships, storyViews } = svc.tables;
    await svc.ctx.db.execute(sql`
      insert into ${friendships} (user_id, friend_id) select ${viewer}::bigint, ${viewer}::bigint + i from generate_series(1, 300) as i`);
    await svc.ctx.db.execute(sql`
      insert into ${stories} (user_id, url, type, created_at, expires_at)
      select ${viewer}::bigint + (i % 400), '/uploads/images/plan-' || i || '.webp', 'image', now(), now() + interval '1 day'
      from generate_series(1, 2000) as i`);
    await svc.ctx.db.execute(sql`
      insert into ${storyViews} (story_id, viewer_id, viewed_at) select id, ${viewer}::bigint, now() from ${stories} where id % 3 = 0`);
    for (const table of [stories, friendships, storyViews]) await svc.ctx.db.execute(sql`analyze ${table}`);
    const sr = createStoriesReels(svc.ctx);

    expect(await plan(ownStoriesQuery(sr, viewer))).toContain('stories_user_live_idx');
    const friends = await plan(friendsStoriesQuery(sr, viewer));
    expect(friends).toContain('friendships_pkey');
    expect(friends).toContain('stories_user_live_idx');
    expect(friends).toMatch(/story_views_pkey|story_views_viewer_idx/);
  });
});
