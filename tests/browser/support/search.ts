/**
 * Search helpers for browser suites (decision 025): a word nobody else writes, the API's answers as
 * a member sees them (to wait until the read model has caught up with new posts, names and
 * settings, which reach it as events), and the setup calls those suites share.
 */
import type { SearchType } from '@kora/contracts';
import { eventually } from '@kora/testing/adapters';
import { callAs } from './friends';
import type { Member } from './members';

/** Letters only (a search word, a tag: digits-only runs are not tags), unique to this run. */
export function runWord(prefix: string): string {
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters(8)}`;
}

/** GET /api/search as `member`: the array of one tab's results. */
export async function searchThroughApi(member: Member, type: SearchType, q: string): Promise<Record<string, unknown>[]> {
  const response = await callAs(member, 'GET', `/api/search?${new URLSearchParams({ q, type })}`);
  return (await response.json()) as Record<string, unknown>[];
}

/** Waits until `member`'s search of `type` for `q` finds (or, with `found` false, no longer finds) `id`. */
export async function waitForSearch(
  member: Member,
  type: SearchType,
  q: string,
  matches: (item: Record<string, unknown>) => boolean,
  found = true,
): Promise<void> {
  // Not expect.poll: suites wait in beforeAll, outside any test. A minute: names reach the people
  // search through auth's events, which lag most when CI runs the real stage beside this one.
  try {
    await eventually(async () => (await searchThroughApi(member, type, q)).some(matches) === found, 60_000, 500);
  } catch (error) {
    throw new Error(`search for "${q}" (${type}) as member ${member.userId} still ${found ? 'misses' : 'finds'} the item`, {
      cause: error,
    });
  }
}

/** Saves `member`'s privacy settings as the Settings page does. */
export async function savePrivacyThroughApi(member: Member, values: Record<string, unknown>): Promise<void> {
  await callAs(member, 'PUT', '/api/settings/privacy', values);
}

/** A public group made by `owner` through the API; answers its id. */
export async function createGroupThroughApi(owner: Member, title: string, description = ''): Promise<number> {
  const response = await callAs(owner, 'POST', '/api/groups', { title, description, privacy: 'public' });
  const { group_id: id } = (await response.json()) as { group_id?: number };
  if (typeof id !== 'number') throw new Error('creating a group answered no group_id');
  return id;
}
