/**
 * One story as one member stands to it (decision 022): stories are for their owner and the
 * owner's friends. A friend sees a story while it is live, ready (an image at once, a video once
 * processed) and the owner's profile visibility lets friends in (`audienceAllows`); the owner sees
 * all of theirs. A member blocked either way with the owner (decision 036) and anyone else is told the
 * story does not exist (404), never that it is hidden.
 */
import { defaultPrivacySettings, type ClipState, type ProfileVisibility } from '@kora/contracts';
import { audienceAllows, notBlockedWith, rowsOf, type DbOrTx, type ViewerRelation } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import type { StoryType } from '@kora/contracts';
import { stateOf } from './story-rows.js';

export interface StoryAccess {
  id: number;
  userId: number;
  url: string;
  type: StoryType;
  relation: ViewerRelation;
  /** Not deleted and not expired by the service clock. */
  live: boolean;
  deleted: boolean;
  /** Whether `viewerId` may see it now (the owner: while it is live). */
  visible: boolean;
}

/** The story `storyId` as `viewerId` stands to it, deleted and expired ones included; undefined once purged. */
export async function storyAccess(sr: StoriesReels, db: DbOrTx, viewerId: number, storyId: number): Promise<StoryAccess | undefined> {
  const { stories: s, videos: v, privacy: p, friendships: f } = sr.tables;
  const [row] = rowsOf<{
    id: number;
    user_id: number;
    url: string;
    type: StoryType;
    video_status: ClipState | null;
    profile_visibility: ProfileVisibility | null;
    deleted: boolean;
    live: boolean;
    is_friend: boolean;
    not_blocked: boolean;
  }>(
    await db.execute(sql`
      select s.id, s.user_id, s.url, s.type, v.status as video_status, p.profile_visibility,
        s.deleted_at is not null as deleted,
        s.deleted_at is null and s.expires_at > ${sr.now().toISOString()}::timestamptz as live,
        exists (select 1 from ${f} as f where f.user_id = ${viewerId} and f.friend_id = s.user_id) as is_friend,
        ${notBlockedWith(sr.tables.blocks, viewerId, sql`s.user_id`)} as not_blocked
      from ${s} as s
      left join ${v} as v on v.video_id = s.video_id
      left join ${p} as p on p.user_id = s.user_id
      where s.id = ${storyId}`),
  );
  if (!row) return undefined;
  const relation: ViewerRelation = row.user_id === viewerId ? 'self' : row.is_friend ? 'friend' : 'stranger';
  const audience = row.profile_visibility ?? defaultPrivacySettings.profileVisibility;
  const ready = stateOf(row.type, row.video_status) === 'ready';
  const visible =
    row.live && (relation === 'self' || (relation === 'friend' && row.not_blocked && ready && audienceAllows(audience, relation)));
  return { id: row.id, userId: row.user_id, url: row.url, type: row.type, relation, live: row.live, deleted: row.deleted, visible };
}
