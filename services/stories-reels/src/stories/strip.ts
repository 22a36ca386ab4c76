/**
 * `GET /api/stories`: the strip of story groups one member sees (decision 022).
 *
 * 1. The caller's own group first: every live story of theirs, processing and failed included
 *    (with media's reason), each with how many members viewed it.
 * 2. Then their friends' groups, where the friend's profile visibility lets a friend see it
 *    (`audienceAllows`: `only_me` hides them), with only ready stories (an image at once, a video
 *    once `video.processed` reached the projection): groups with an unseen story first, each part
 *    most recent first, at most `storyLimits.maxGroups` groups in all. Never a member blocked either
 *    way with the caller (decision 036), nor one the caller muted (decision 037).
 *
 * Stories inside a group play oldest first. "Live" is decided here against the service clock,
 * never left to the purge job. Two queries whatever the number of friends: the friends' walks the
 * caller's friendships (primary key), each friend's live stories (`stories_user_live_idx`) and the
 * caller's views (`story_views` primary key).
 */
import { defaultPrivacySettings, PROFILE_VISIBILITIES, storyLimits, type ProfileVisibility, type StoryGroup } from '@kora/contracts';
import { audienceAllows, notBlockedWith, notMutedBy, rowsOf, unknownMemberView } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { isoSql, toStory, type StoryQueryRow } from './story-rows.js';

/** The profile visibilities that let a friend see a member's stories: the platform's one rule. */
export const visibleToFriends: ProfileVisibility[] = PROFILE_VISIBILITIES.filter((v) => audienceAllows(v, 'friend'));

export async function storyStrip(sr: StoriesReels, viewerId: number): Promise<StoryGroup[]> {
  const [own, friends] = await Promise.all([
    sr.ctx.db.execute(ownStoriesQuery(sr, viewerId)),
    sr.ctx.db.execute(friendsStoriesQuery(sr, viewerId)),
  ]);
  const ownRows = rowsOf<StoryQueryRow>(own);
  const friendRows = rowsOf<StoryQueryRow & { has_unseen: boolean }>(friends);
  const groups: StoryGroup[] = [];
  if (ownRows.length > 0) groups.push(groupOf(ownRows, false));
  // The rows come grouped (ordered by group, then by story): cut them where the owner changes.
  let start = 0;
  for (let i = 1; i <= friendRows.length; i++) {
    if (i === friendRows.length || friendRows[i]!.user_id !== friendRows[start]!.user_id) {
      groups.push(groupOf(friendRows.slice(start, i), friendRows[start]!.has_unseen));
      start = i;
    }
  }
  return groups.slice(0, storyLimits.maxGroups);
}

function groupOf(rows: StoryQueryRow[], hasUnseen: boolean): StoryGroup {
  const first = rows[0]!;
  const fallback = unknownMemberView(first.user_id);
  return {
    userId: first.user_id,
    username: first.username ?? fallback.username,
    name: first.display_name ?? fallback.displayName,
    avatar: first.profile_image ?? fallback.profileImage,
    hasUnseen,
    stories: rows.map(toStory),
  };
}

/** The caller's live stories, whatever their video's state, oldest first, with their view counts. */
export function ownStoriesQuery(sr: StoriesReels, viewerId: number): SQL {
  const { stories: s, storyViews: sv, videos: v, members: m } = sr.tables;
  return sql`
    select s.id, s.user_id, s.url, s.type, ${isoSql(sql`s.created_at`)} as created_at, ${isoSql(sql`s.expires_at`)} as expires_at,
      v.status as video_status, v.poster_url, v.error as video_error, true as seen,
      (select count(*) from ${sv} as sv where sv.story_id = s.id) as view_count,
      m.username, m.display_name, m.profile_image
    from ${s} as s
    left join ${v} as v on v.video_id = s.video_id
    left join ${m} as m on m.user_id = s.user_id
    where s.user_id = ${viewerId} and s.deleted_at is null and s.expires_at > ${sr.now().toISOString()}::timestamptz
    order by s.created_at, s.id`;
}

/** The caller's friends' ready live stories, grouped by friend: unseen groups first, then most recent. */
export function friendsStoriesQuery(sr: StoriesReels, viewerId: number): SQL {
  const { stories: s, storyViews: sv, videos: v, members: m, friendships: f, privacy: p } = sr.tables;
  const allowed = sql.join(
    visibleToFriends.map((visibility) => sql`${visibility}`),
    sql`, `,
  );
  return sql`
    with visible as (
      select s.id, s.user_id, s.url, s.type, s.created_at, s.expires_at,
        v.status as video_status, v.poster_url, v.error as video_error,
        exists (select 1 from ${sv} as sv where sv.story_id = s.id and sv.viewer_id = ${viewerId}) as seen
      from ${f} as f
      join ${s} as s on s.user_id = f.friend_id and s.deleted_at is null and s.expires_at > ${sr.now().toISOString()}::timestamptz
      left join ${p} as p on p.user_id = f.friend_id
      left join ${v} as v on v.video_id = s.video_id
      where f.user_id = ${viewerId}
        and coalesce(p.profile_visibility, ${defaultPrivacySettings.profileVisibility}) in (${allowed})
        and (s.type = 'image' or v.status = 'ready')
        and ${notBlockedWith(sr.tables.blocks, viewerId, sql`f.friend_id`)} and ${notMutedBy(sr.tables.mutes, viewerId, sql`f.friend_id`)}
    ), chosen as (
      select user_id, bool_or(not seen) as has_unseen, max(created_at) as latest
      from visible
      group by user_id
      order by has_unseen desc, latest desc, user_id desc
      limit ${storyLimits.maxGroups}
    )
    select visible.id, visible.user_id, visible.url, visible.type,
      ${isoSql(sql`visible.created_at`)} as created_at, ${isoSql(sql`visible.expires_at`)} as expires_at,
      visible.video_status, visible.poster_url, visible.video_error, visible.seen, null::bigint as view_count,
      chosen.has_unseen, m.username, m.display_name, m.profile_image
    from visible
    join chosen on chosen.user_id = visible.user_id
    left join ${m} as m on m.user_id = visible.user_id
    order by chosen.has_unseen desc, chosen.latest desc, visible.user_id desc, visible.created_at, visible.id`;
}
