/**
 * Who sees which reel, and a reel's state, in one place for every query that reads reels (decision
 * 022), as SQL inside the query's own statement (never a check per row in JavaScript):
 * - never a deleted reel;
 * - its author sees it in any state (to watch it process, or learn why it failed);
 * - everyone else sees it only published (its video ready and at most 90 s long: media's worker
 *   refuses a longer one, and this is the defence in depth whatever media did) and only inside the
 *   author's profile audience (`profileVisibility`, the platform's `audienceAllows` in SQL: no
 *   privacy row is the default, everyone);
 * - never a reel of a member blocked either way with the viewer (decision 036): the same 404 as a
 *   missing reel.
 * Reels are aliased `r`, their video (the videos projection, left-joined) `v`.
 */
import { reelLimits, reelTexts } from '@kora/contracts';
import { notBlockedWith } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { StoriesReelsTables } from '../db/schema.js';

/** A ready video longer than a reel may be is a failed reel. */
const tooLong = sql`v.duration_seconds > ${reelLimits.maxSeconds}`;

/** Published: the video is ready and short enough (a video the projection has not seen yet is processing). */
export const published: SQL = sql`(v.status = 'ready' and not coalesce(${tooLong}, false))`;

/** The reel's state as `reelSchema` has it. */
export const reelState: SQL = sql`(case when ${published} then 'ready' when v.status = 'failed' or v.status = 'ready' then 'failed' else 'processing' end)`;

/** Why it failed: media's reason, or the length rule; null unless failed. */
export const reelError: SQL = sql`(case when v.status = 'failed' then coalesce(v.error, ${reelTexts.failed})
  when v.status = 'ready' and ${tooLong} then ${reelTexts.tooLong} end)`;

/** Whether `viewer` is inside the profile audience of `member` (`audienceAllows`, in SQL). */
export function inAudienceOf(t: StoriesReelsTables, viewer: number, member: SQL): SQL {
  return sql`(${member} = ${viewer} or not exists (
    select 1 from ${t.privacy} as mp where mp.user_id = ${member}
      and (mp.profile_visibility = 'only_me' or (mp.profile_visibility = 'friends'
        and not exists (select 1 from ${t.friendships} as vf where vf.user_id = ${viewer} and vf.friend_id = ${member})))))`;
}

/** What `viewer` may see of reels aliased `r` (with their video `v`). */
export function visibleTo(t: StoriesReelsTables, viewer: number): SQL {
  return sql`r.deleted_at is null and (r.author_id = ${viewer} or (${published} and ${inAudienceOf(t, viewer, sql`r.author_id`)}
    and ${notBlockedWith(t.blocks, viewer, sql`r.author_id`)}))`;
}
