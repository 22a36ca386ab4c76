/**
 * Boosting a post (decision 023): the author of a timeline post, with an active Pro plan, makes it
 * sponsored in strangers' feeds for `walletLimits.boostDays` days. A plan's run allows
 * `boostPosts` posts: the boosts made since the run started (a post boosted again after its boost
 * ran out counts once more in a new run, once in the same run: the quota counts posts).
 *
 * The member's memberships row is locked for the whole check-and-write, so concurrent boosts take
 * turns and can never exceed the quota; the post's boost row is unique, so one post is boosted once
 * at a time.
 */
import { walletLimits, type boostAnswer } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Posts } from '../context.js';
import { alreadyBoosted, boostNeedsPlan, boostNotOnTimeline, boostNotYours, boostQuotaUsed, postNotFound } from '../errors.js';
import { visibleTo } from '../feed/visibility.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type BoostAnswer = z.infer<typeof boostAnswer>;

/** The post as its booster may boost it: seen by them, not shadow-hidden (a hidden post is not promoted). */
async function boostablePost(posts: Posts, memberId: number, postId: number) {
  const rows = rowsOf<{ author_id: number; group_id: number | null; shadow_hidden: boolean }>(
    await posts.ctx.db.execute(sql`
      select p.author_id, p.group_id, p.shadow_hidden from ${posts.tables.posts} as p
      where p.id = ${postId} and ${visibleTo(posts.tables, memberId)}`),
  );
  const row = rows[0];
  if (!row || row.shadow_hidden) throw postNotFound();
  if (Number(row.author_id) !== memberId) throw boostNotYours();
  if (row.group_id !== null) throw boostNotOnTimeline();
}

export async function boostPost(posts: Posts, memberId: number, postId: number): Promise<BoostAnswer> {
  await boostablePost(posts, memberId, postId);
  const { memberships, boosts } = posts.tables;
  const now = posts.now();
  const boostedUntil = new Date(now.getTime() + walletLimits.boostDays * DAY_MS);
  return posts.ctx.transact(async (tx) => {
    const [plan] = rowsOf<{ boost_posts: number }>(
      await tx.execute(sql`
        select boost_posts from ${memberships}
        where user_id = ${memberId} and active_until > ${now.toISOString()}::timestamptz
        for update`),
    );
    if (!plan) throw boostNeedsPlan();
    const [state] = rowsOf<{ running: boolean; used: number }>(
      await tx.execute(sql`
        select
          exists (select 1 from ${boosts} where post_id = ${postId} and boosted_until > ${now.toISOString()}::timestamptz) as running,
          (select count(*)::int from ${boosts} where author_id = ${memberId}
            and boosted_at >= (select started_at from ${memberships} where user_id = ${memberId})) as used`),
    );
    if (state!.running) throw alreadyBoosted();
    const used = Number(state!.used);
    if (used >= Number(plan.boost_posts)) throw boostQuotaUsed();
    await tx
      .insert(boosts)
      .values({ postId, authorId: memberId, boostedAt: now, boostedUntil })
      .onConflictDoUpdate({ target: boosts.postId, set: { boostedAt: now, boostedUntil } });
    return { postId, boostedUntil: boostedUntil.toISOString(), boostsLeft: Number(plan.boost_posts) - used - 1 };
  });
}
