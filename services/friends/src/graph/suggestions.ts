/**
 * People You May Know, in one statement, featured members first (an active Pro plan: decision 023),
 * then:
 * 1. friends of the caller's friends, ranked by how many friends they share with the caller
 *    (then newest member first);
 * 2. then other activated members, newest first;
 * never the caller, an existing friend, anyone with a pending request either way, anyone blocked
 * either way (decision 036: folded into `pending`, which every part excludes), or a member who
 * has not activated (or whom the member projection does not know);
 * and never, in part 2, a member whose friend request policy is `friends_of_friends`: part 2 shares
 * no friend with the caller, so the Add button would only be refused (rules/may-request.ts). Part 1
 * shares at least one, so everyone in it may be asked. Leaving them out (rather than listing them
 * with the reason) keeps the list a list of people one can act on, and does not advertise a member
 * who chose not to be approached by strangers.
 *
 * Cost: the friends-of-friends part reads the caller's friends and each friend's friends through
 * the friendships primary key (user_id, friend_id); the pending requests through the partial
 * incoming/outgoing indexes; the "newest" part walks `members_newest_idx` (joined_at desc, user_id
 * desc, activated only) and stops after `limit` rows that pass the exclusions (the privacy one a
 * primary-key probe of `member_privacy`). Each part is capped
 * at `limit` before the merge, so nothing grows with the number of members.
 *
 * Featured members are a third part: activated members whose plan runs past the friends clock,
 * under the same exclusions (the privacy one unless they share a friend), newest plan end first
 * through `members_pro_idx`, capped at `limit` too. A featured member found by another part as well
 * is listed once.
 */
import type { Suggestion } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Friends } from '../context.js';

export const SUGGESTIONS_DEFAULT = 20;
export const SUGGESTIONS_MAX = 50;

export async function suggestionsFor(friends: Friends, memberId: number, limit: number): Promise<Suggestion[]> {
  const { friendships, requests, members, privacy, blocks } = friends.tables;
  const me = sql`${memberId}::bigint`;
  const now = sql`${friends.now().toISOString()}::timestamptz`;
  const featured = sql`coalesce(m.pro_until > ${now}, false)`;
  const result = await friends.ctx.db.execute(sql`
    with mine as (
      select friend_id as id from ${friendships} where user_id = ${me}
    ),
    pending as (
      select to_user_id as id from ${requests} where from_user_id = ${me} and status = 'pending'
      union all
      select from_user_id from ${requests} where to_user_id = ${me} and status = 'pending'
      union all
      select blocked_id from ${blocks} where blocker_id = ${me}
      union all
      select blocker_id from ${blocks} where blocked_id = ${me}
    ),
    mutual as (
      select f.friend_id as id, count(*) as mutual_count
      from mine
      join ${friendships} as f on f.user_id = mine.id
      where f.friend_id <> ${me}
        and not exists (select 1 from mine as x where x.id = f.friend_id)
        and not exists (select 1 from pending as p where p.id = f.friend_id)
      group by f.friend_id
    ),
    ranked as (
      select m.user_id, m.username, m.display_name, m.profile_image, mu.mutual_count, m.joined_at, 0 as tier, ${featured} as featured
      from mutual as mu
      join ${members} as m on m.user_id = mu.id
      where m.activated
      order by mu.mutual_count desc, m.joined_at desc, m.user_id desc
      limit ${limit}
    ),
    newest as (
      select m.user_id, m.username, m.display_name, m.profile_image, 0 as mutual_count, m.joined_at, 1 as tier, ${featured} as featured
      from ${members} as m
      where m.activated
        and m.user_id <> ${me}
        and not exists (select 1 from mine as x where x.id = m.user_id)
        and not exists (select 1 from pending as p where p.id = m.user_id)
        and not exists (select 1 from mutual as mu where mu.id = m.user_id)
        and not exists (select 1 from ${privacy} as pr where pr.user_id = m.user_id and pr.friend_request_policy = 'friends_of_friends')
      order by m.joined_at desc, m.user_id desc
      limit ${limit}
    ),
    featured as (
      select m.user_id, m.username, m.display_name, m.profile_image, coalesce(mu.mutual_count, 0) as mutual_count, m.joined_at,
        case when mu.id is null then 1 else 0 end as tier, true as featured
      from ${members} as m
      left join mutual as mu on mu.id = m.user_id
      where m.activated and m.pro_until > ${now}
        and m.user_id <> ${me}
        and not exists (select 1 from mine as x where x.id = m.user_id)
        and not exists (select 1 from pending as p where p.id = m.user_id)
        and (mu.id is not null
          or not exists (select 1 from ${privacy} as pr where pr.user_id = m.user_id and pr.friend_request_policy = 'friends_of_friends'))
      order by m.pro_until desc, m.user_id desc
      limit ${limit}
    )
    select user_id, username, display_name, profile_image, mutual_count, featured
    from (
      select distinct on (user_id) *
      from (select * from ranked union all select * from newest union all select * from featured) as s
      order by user_id
    ) as s
    order by featured desc, tier, mutual_count desc, joined_at desc, user_id desc
    limit ${limit}`);
  return rowsOf<{
    user_id: number;
    username: string;
    display_name: string;
    profile_image: string;
    mutual_count: number;
    featured: boolean;
  }>(result).map((row) => ({
    id: row.user_id,
    user_id: row.user_id,
    user_name: row.username,
    name: row.display_name,
    profileImage: row.profile_image,
    verified: row.featured,
    mutualCount: row.mutual_count,
  }));
}
