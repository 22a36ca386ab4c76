/**
 * "A new device" for the security mail on sign-in: a device label ("Chrome on Android", "Safari on
 * iPhone"; `deviceLabel`, the one the Security tab's session list shows) that none of this member's
 * earlier sessions had, revoked and expired ones included. Versions are ignored, so a browser
 * update is not a new device; an empty or unrecognised user agent is "Unknown device", so a script
 * without one alarms once, not at every sign-in. A member's first sign-in ever (right after
 * activation) has no earlier session to compare with and is not a new device.
 */
import { deviceLabel } from '@kora/contracts';
import type { DbOrTx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { AuthTables } from '../db/schema.js';

/** Whether signing in with `userAgent` now is a new device (call before opening the new session). */
export async function isNewDevice(db: DbOrTx, tables: AuthTables, userId: number, userAgent: string): Promise<boolean> {
  const s = tables.sessions;
  // Distinct agents per member are few (one per browser version); sessions_user_agent_idx serves it.
  const earlier = await db.selectDistinct({ userAgent: s.userAgent }).from(s).where(eq(s.userId, userId));
  if (earlier.length === 0) return false;
  const family = deviceLabel(userAgent);
  return !earlier.some((row) => deviceLabel(row.userAgent) === family);
}
