/** Reading members and shaping them for answers and events. */
import {
  DEFAULT_AVATAR,
  displayName,
  encodeProfileId,
  koboToNaira,
  type EventPayload,
  type Profile,
  type ProfileDetails,
  type SignInUser,
} from '@kora/contracts';
import type { DbOrTx } from '@kora/platform/service';
import { eq, or, sql } from 'drizzle-orm';
import type { AuthTables, UserRow } from '../db/schema.js';

export const avatarOf = (user: Pick<UserRow, 'profileImage'>) => user.profileImage ?? DEFAULT_AVATAR;

/** The sign-in record the product shows; `user_lastname` comes from the last name (the observed defect fixed). */
export function toSignInUser(user: UserRow): SignInUser {
  return {
    user_id: user.id,
    user_firstname: user.firstname,
    user_lastname: user.lastname,
    user_name: user.username,
    user_email: user.email,
    user_profileImage: avatarOf(user),
    user_coverImage: user.coverImage,
    user_wallet_balance: koboToNaira(user.walletBalanceKobo),
    role: user.role,
  };
}

/** What every profile answer shows, the closed ones included: who the member is and their picture. */
export function toProfileCard(user: UserRow) {
  return {
    user_id: user.id,
    profileId: encodeProfileId(user.id),
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    name: displayName(user),
    profileImage: avatarOf(user),
  };
}

/** The full profile (what its owner, and whoever the owner's privacy lets in, sees). */
export function toProfile(user: UserRow, details: ProfileDetails): Profile {
  return {
    visibility: 'full',
    ...toProfileCard(user),
    coverImage: user.coverImage,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
    details,
  };
}

/** The search card: names and picture only (never the e-mail or phone a lookup matched). */
export function toSearchItem(user: UserRow) {
  return {
    id: user.id,
    user_id: user.id,
    user_name: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    name: displayName(user),
    profileImage: avatarOf(user),
  };
}

/** The snapshot other services project (user.updated; user.registered adds email and date). */
export function toSnapshot(user: UserRow): EventPayload<'user.updated'> {
  return {
    userId: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    profileImage: avatarOf(user),
    coverImage: user.coverImage,
    bio: user.bio,
    role: user.role,
  };
}

export async function findUserById(db: DbOrTx, tables: AuthTables, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(tables.users).where(eq(tables.users.id, id));
  return user;
}

export async function findUserByEmail(db: DbOrTx, tables: AuthTables, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(tables.users).where(eq(tables.users.email, email.toLowerCase()));
  return user;
}

/** Sign-in accepts an e-mail address or a username, in any letter case. */
export async function findUserByLogin(db: DbOrTx, tables: AuthTables, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(tables.users)
    .where(or(eq(tables.users.email, value), eq(sql`lower(${tables.users.username})`, value)))
    .limit(1);
  return user;
}
