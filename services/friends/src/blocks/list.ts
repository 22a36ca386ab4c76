/**
 * The caller's blocked members, newest block first, a keyset page at a time (decision 015): the
 * cursor is the last row's block time and member id. Names and avatars come from the member projection.
 */
import type { BlockedMember } from '@kora/contracts';
import { decodeCursor, encodeCursor, rowsOf, timeKeySql, unknownMemberView } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Friends } from '../context.js';
import { blocksCursorInvalid } from '../errors.js';

export interface BlocksPage {
  items: BlockedMember[];
  nextCursor: string | null;
}

export async function blockedMembers(friends: Friends, blockerId: number, cursor: string | undefined, limit: number): Promise<BlocksPage> {
  const after = decodeCursor(cursor, ['time', 'id'], blocksCursorInvalid);
  const { blocks: b, members: m } = friends.tables;
  const rows = rowsOf<{
    blocked_id: number;
    blocked_at: string;
    username: string | null;
    display_name: string | null;
    profile_image: string | null;
  }>(
    await friends.ctx.db.execute(sql`
      select b.blocked_id, ${timeKeySql(sql`b.created_at`)} as blocked_at, m.username, m.display_name, m.profile_image
      from ${b} as b
      left join ${m} as m on m.user_id = b.blocked_id
      where b.blocker_id = ${blockerId}
        ${after ? sql`and (b.created_at, b.blocked_id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
      order by b.created_at desc, b.blocked_id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const fallback = unknownMemberView(row.blocked_id);
      return {
        id: Number(row.blocked_id),
        user_name: row.username ?? fallback.username,
        name: row.display_name ?? fallback.displayName,
        profileImage: row.profile_image ?? fallback.profileImage,
        blockedAt: row.blocked_at,
      };
    }),
    nextCursor: rows.length > limit && last ? encodeCursor([last.blocked_at, last.blocked_id]) : null,
  };
}
