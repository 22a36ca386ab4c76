/**
 * Finding a member by their e-mail address or phone number (privacy "lookupEmail" and
 * "lookupPhone"). A search text that is a whole e-mail address (any letter case) or a whole phone
 * number (compared as digits only: "+234 803 555 0101" finds "2348035550101"; no country code is
 * guessed, so "0803…" and "+234 803…" are different numbers) finds the member only when the caller
 * is in the audience the member chose: everyone, their friends, or only themself. The answer is the
 * search card (names and picture); the address or number itself is never answered.
 */
import { audienceAllows, privacyOfMany, relationTo, type DbOrTx } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { AuthTables, UserRow } from '../db/schema.js';
import { phoneDigits } from '../projections/settings.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What the settings service accepts as a phone (its `phone` field), with enough digits to be one. */
const PHONE = /^[0-9+()\s.-]{7,25}$/;
const MIN_PHONE_DIGITS = 7;

export type Lookup = { kind: 'email'; email: string } | { kind: 'phone'; digits: string };

/** The lookup a search text asks for, if it is a whole e-mail address or phone number. */
export function lookupOf(q: string): Lookup | null {
  if (EMAIL.test(q)) return { kind: 'email', email: q.toLowerCase() };
  const digits = phoneDigits(q);
  if (PHONE.test(q) && digits.length >= MIN_PHONE_DIGITS) return { kind: 'phone', digits };
  return null;
}

/** The active members `lookup` names whose chosen audience includes `viewerId`. */
export async function lookUp(db: DbOrTx, tables: AuthTables, lookup: Lookup, viewerId: number): Promise<UserRow[]> {
  const { users, memberDetails } = tables;
  const found =
    lookup.kind === 'email'
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.email, lookup.email), eq(users.status, 'active')))
      : (
          await db
            .select({ user: users })
            .from(memberDetails)
            .innerJoin(users, eq(users.id, memberDetails.userId))
            .where(and(eq(memberDetails.phoneDigits, lookup.digits), eq(users.status, 'active')))
        ).map((row) => row.user);
  if (found.length === 0) return [];
  const privacy = await privacyOfMany(
    db,
    tables.privacy,
    found.map((u) => u.id),
  );
  const allowed: UserRow[] = [];
  for (const user of found) {
    const { lookupEmail, lookupPhone } = privacy(user.id);
    const audience = lookup.kind === 'email' ? lookupEmail : lookupPhone;
    if (audienceAllows(audience, await relationTo(db, tables.friendships, viewerId, user.id))) allowed.push(user);
  }
  return allowed;
}
