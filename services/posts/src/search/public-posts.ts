/**
 * Which posts count as public for tag counts (trending, the hashtags tab): what any member may see,
 * that is what `visibleTo` (feed/visibility.ts) lets a viewer with no friends, groups or mentions
 * see: live, not shadow-hidden, and on the timeline of a member whose profile is open to everyone,
 * or in a public group. A count never tells of a post someone cannot open.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';
import { visibleTo } from '../feed/visibility.js';

/** No member has id 0: the viewer nobody is friends with, mentions or lets into a group. */
const NOBODY = sql`0::bigint`;

/** Posts aliased `p` anyone may see. */
export function publicPost(t: PostsTables): SQL {
  return visibleTo(t, NOBODY);
}
