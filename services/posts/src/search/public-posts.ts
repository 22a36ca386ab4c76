/**
 * Which posts count as public for tag counts (trending, the hashtags tab): what any member may see
 * (feed/visibility.ts with nobody special): live, not shadow-hidden, and on the timeline of a member
 * whose profile is open to everyone, or in a public group. A count never tells of a post someone
 * cannot open.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

/** Posts aliased `p` anyone may see. */
export function publicPost(t: PostsTables): SQL {
  return sql`p.deleted_at is null and not p.shadow_hidden and case when p.group_id is null
    then not exists (select 1 from ${t.privacy} as pp where pp.user_id = p.author_id and pp.profile_visibility <> 'everyone')
    else exists (select 1 from ${t.groups} as pg where pg.group_id = p.group_id and pg.privacy = 'public') end`;
}
