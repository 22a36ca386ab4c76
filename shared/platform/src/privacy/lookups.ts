/**
 * Reading the privacy projection, and the one rule of audiences every service applies: who may
 * see what a member limited to `everyone`, `friends` or `only_me`.
 */
import { defaultPrivacySettings, type PrivacySettings, type ProfileVisibility } from '@kora/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import type { MemberPrivacyTable } from './table.js';

/** How the viewer stands to the member whose thing is looked at. Anonymous callers are `stranger`s. */
export type ViewerRelation = 'self' | 'friend' | 'stranger';

/** Whether a viewer with `relation` is inside `audience`. Admins are not special here: moderation has its own routes. */
export function audienceAllows(audience: ProfileVisibility, relation: ViewerRelation): boolean {
  if (relation === 'self') return true;
  if (audience === 'everyone') return true;
  if (audience === 'friends') return relation === 'friend';
  return false;
}

/**
 * The privacy settings this projection keeps: all but `messagePolicy`, which only the messages
 * service enforces and keeps in a projection of its own (decision 039), so no other service's
 * released table needs a new column.
 */
export type ProjectedPrivacy = Omit<PrivacySettings, 'messagePolicy'>;

const { messagePolicy: _messagePolicy, ...projectedDefaults } = defaultPrivacySettings;
export const defaultProjectedPrivacy: ProjectedPrivacy = projectedDefaults;

function settingsOf(row: MemberPrivacyTable['$inferSelect'] | undefined): ProjectedPrivacy {
  if (!row) return defaultProjectedPrivacy;
  const { userId: _userId, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}

/** One member's privacy settings (the defaults until they saved any). */
export async function privacyOf(db: DbOrTx, privacy: MemberPrivacyTable, userId: number): Promise<ProjectedPrivacy> {
  const [row] = await db.select().from(privacy).where(eq(privacy.userId, userId));
  return settingsOf(row);
}

/** The privacy settings of each of `userIds`, in one query. */
export async function privacyOfMany(
  db: DbOrTx,
  privacy: MemberPrivacyTable,
  userIds: number[],
): Promise<(userId: number) => ProjectedPrivacy> {
  const unique = [...new Set(userIds)];
  const rows = unique.length === 0 ? [] : await db.select().from(privacy).where(inArray(privacy.userId, unique));
  const known = new Map(rows.map((row) => [row.userId, settingsOf(row)]));
  return (userId) => known.get(userId) ?? defaultProjectedPrivacy;
}
