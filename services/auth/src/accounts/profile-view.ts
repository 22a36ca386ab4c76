/**
 * What a caller sees of a member's profile (privacy "profile visibility"). The owner chooses who
 * sees the full profile: `everyone`, `friends` or `only_me` (themself). Anyone else, and every
 * anonymous caller whatever the owner chose, gets the card: names and picture, which the member's
 * posts, comments and friend lists show anyway, so hiding them would protect nothing and would
 * break every link to the profile.
 */
import { type LimitedProfile, type ProfileDetails, type ProfileLimit, type ProfileView } from '@kora/contracts';
import { audienceAllows, privacyOf, relationTo, type DbOrTx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { AuthTables, UserRow } from '../db/schema.js';
import { toProfile, toProfileCard } from './users.js';

const noDetails: ProfileDetails = { city: '', country: '', work: '', education: '', website: '' };

/** The member's details from their General settings (blank until they save any). */
export async function detailsOf(db: DbOrTx, tables: AuthTables, userId: number): Promise<ProfileDetails> {
  const d = tables.memberDetails;
  const [row] = await db
    .select({ city: d.city, country: d.country, work: d.work, education: d.education, website: d.website })
    .from(d)
    .where(eq(d.userId, userId));
  return row ?? noDetails;
}

export function toLimitedProfile(user: UserRow, limitedBy: ProfileLimit): LimitedProfile {
  return { visibility: 'limited', limitedBy, ...toProfileCard(user) };
}

/** The profile as `viewerId` (null: anonymous) may see it. */
export async function profileFor(db: DbOrTx, tables: AuthTables, user: UserRow, viewerId: number | null): Promise<ProfileView> {
  if (viewerId === null) return toLimitedProfile(user, 'sign_in');
  if (viewerId !== user.id) {
    const [{ profileVisibility }, relation] = await Promise.all([
      privacyOf(db, tables.privacy, user.id),
      relationTo(db, tables.friendships, viewerId, user.id),
    ]);
    if (!audienceAllows(profileVisibility, relation))
      return toLimitedProfile(user, profileVisibility === 'friends' ? 'friends' : 'only_me');
  }
  return toProfile(user, await detailsOf(db, tables, user.id));
}
