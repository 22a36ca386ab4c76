/** The caller's friends (Your Friends), by username (case-insensitive), then id, with their badge at the friends clock. */
import type { Friend } from '@kora/contracts';
import { rowsOf, unknownMemberView } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Friends } from '../context.js';

export async function friendList(friends: Friends, memberId: number): Promise<Friend[]> {
  const { friendships, members } = friends.tables;
  const result = await friends.ctx.db.execute(sql`
    select f.friend_id, m.username, m.display_name, m.profile_image, coalesce(m.pro_until > ${friends.now().toISOString()}::timestamptz, false) as verified
    from ${friendships} as f
    left join ${members} as m on m.user_id = f.friend_id
    where f.user_id = ${memberId}
    order by lower(coalesce(m.username, 'member' || f.friend_id)), f.friend_id`);
  return rowsOf<{
    friend_id: number;
    username: string | null;
    display_name: string | null;
    profile_image: string | null;
    verified: boolean;
  }>(result).map((row) => {
    const id = row.friend_id;
    const fallback = unknownMemberView(id);
    return {
      id,
      user_name: row.username ?? fallback.username,
      name: row.display_name ?? fallback.displayName,
      profileImage: row.profile_image ?? fallback.profileImage,
      verified: row.verified,
    };
  });
}
