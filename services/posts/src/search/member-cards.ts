/**
 * Members as lists show them (`memberCardSchema`): people search, Pro users, who shared. Only
 * activated members who are not suspended are listed: a suspended member's name leads nowhere.
 */
import type { MemberCard } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';
import { verifiedSql } from '../feed/post-json.js';

/** The card's columns of the member snapshot aliased `m`, in the schema's key order; `now` decides the badge. */
export function memberCardColumns(now: string): SQL {
  return sql`m.user_id as id, m.username, m.display_name as name, m.profile_image as "profileImage",
    ${verifiedSql(sql`m`, sql`${now}::timestamptz`)}`;
}

/** Members aliased `m` (or `alias`) who may be listed: activated, not suspended. */
export function listable(t: PostsTables, alias: SQL = sql`m`): SQL {
  return sql`${alias}.activated and ${notSuspended(t, alias)}`;
}

/** Members aliased `alias` who are not suspended. */
export function notSuspended(t: PostsTables, alias: SQL): SQL {
  return sql`not exists (select 1 from ${t.suspendedMembers} as sm where sm.user_id = ${alias}.user_id)`;
}

interface CardRow {
  id: number | string;
  username: string;
  name: string;
  profileImage: string;
  verified: boolean;
}

export function toCard(row: CardRow): MemberCard {
  return { id: Number(row.id), username: row.username, name: row.name, profileImage: row.profileImage, verified: row.verified };
}

export async function cardRows(posts: Posts, query: SQL): Promise<MemberCard[]> {
  return rowsOf<CardRow>(await posts.ctx.db.execute(query)).map(toCard);
}

/** The cards of `userIds` (any state: a share already made stays attributed), by id. */
export async function cardsById(posts: Posts, userIds: number[]): Promise<Map<number, MemberCard>> {
  if (userIds.length === 0) return new Map();
  const ids = sql.join(
    [...new Set(userIds)].map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const cards = await cardRows(
    posts,
    sql`select ${memberCardColumns(posts.now().toISOString())} from ${posts.tables.members} as m where m.user_id in (${ids})`,
  );
  return new Map(cards.map((c) => [c.id, c]));
}
