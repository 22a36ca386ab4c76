/**
 * "A new device" for the security mail on sign-in: a browser family on an operating system
 * ("Chrome on Android", "Safari on iOS") this member has never signed in with before, read from
 * the user agent of every earlier session of theirs, revoked and expired ones included. Versions
 * are ignored, so a browser update is not a new device; an empty or unknown user agent is the
 * family "Unknown browser on an unknown system", so a script without one alarms once, not at every
 * sign-in. A member's first sign-in ever (right after activation) has no earlier session to
 * compare with and is not a new device.
 */
import type { DbOrTx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { AuthTables } from '../db/schema.js';

/** Checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], agent: string) => list.find(([pattern]) => pattern.test(agent))?.[1];

/** The device family of a user agent, as the mail names it. */
export function deviceFamily(userAgent: string): string {
  return `${first(BROWSERS, userAgent) ?? 'Unknown browser'} on ${first(SYSTEMS, userAgent) ?? 'an unknown system'}`;
}

/** Whether signing in with `userAgent` now is a new device (call before opening the new session). */
export async function isNewDevice(db: DbOrTx, tables: AuthTables, userId: number, userAgent: string): Promise<boolean> {
  const s = tables.sessions;
  // Distinct agents per member are few (one per browser version); sessions_user_agent_idx serves it.
  const earlier = await db.selectDistinct({ userAgent: s.userAgent }).from(s).where(eq(s.userId, userId));
  if (earlier.length === 0) return false;
  const family = deviceFamily(userAgent);
  return !earlier.some((row) => deviceFamily(row.userAgent) === family);
}
