/**
 * What a member of a blocked pair tries against the other (decision 036), one probe per route that
 * names or lists members: each call and what it must answer once the block has reached the service.
 * Each probe can fail: the pair were friends with notifications both ways before the block
 * (blocks.test.ts sets that up), so without the rule the other member shows. A service that learns
 * the block rule adds its probes here (posts and stories-reels: feeds, profiles' posts, stories,
 * reels), and blocks.test.ts runs every probe both ways. Suggestions, pending requests and presence
 * are proved in the services' own tests, where the pair can be set up to show there first.
 */
import { safetyTexts, type Notification, type Relation } from '@kora/contracts';
import { expect } from 'vitest';
import { auth, json, type SignedIn } from '../support/members.js';
import { api, body } from '../support/product.js';

export interface Probe {
  /** `METHOD /path` as the OpenAPI document spells it. */
  operation: string;
  /**
   * Asks as `who` about `other`; resolves true once the answer shows the block (the service's
   * projection may still be catching up), and asserts the answer's exact shape when it does.
   */
  holds(who: SignedIn, other: SignedIn, missing: { status: number; text: string }): Promise<boolean>;
}

const ids = (items: { id?: number; userId?: number; actorId?: number }[]) => items.map((i) => i.id ?? i.userId ?? i.actorId);

export const blockProbes: Probe[] = [
  {
    operation: 'GET /api/users/{id}',
    // Byte for byte the answer for an id no member has: nothing tells a block from a missing member.
    async holds(who, other, missing) {
      const res = await api(`/api/users/${other.user.user_id}`, auth(who.token));
      return res.status === missing.status && (await res.text()) === missing.text;
    },
  },
  {
    operation: 'GET /api/users/search',
    async holds(who, other) {
      const found = await body<{ id: number }[]>(
        await api(`/api/users/search?q=${encodeURIComponent(other.user.user_name)}`, auth(who.token)),
      );
      return !ids(found).includes(other.user.user_id);
    },
  },
  {
    operation: 'POST /api/friends/requests',
    async holds(who, other) {
      const res = await api('/api/friends/requests', json({ toUserId: other.user.user_id }, who.token));
      if (res.status !== 403) return false;
      expect(await res.json()).toMatchObject({ error: safetyTexts.requestBlocked, code: 'REQUEST_BLOCKED' });
      return true;
    },
  },
  {
    operation: 'GET /api/friends/relation/{userId}',
    async holds(who, other) {
      const relation = await body<Relation>(await api(`/api/friends/relation/${other.user.user_id}`, auth(who.token)));
      return relation.status === 'none' && !relation.canRequest && relation.reason === safetyTexts.requestBlocked;
    },
  },
  {
    operation: 'GET /api/friends/list',
    async holds(who, other) {
      return !ids(await body<{ id: number }[]>(await api('/api/friends/list', auth(who.token)))).includes(other.user.user_id);
    },
  },
  {
    operation: 'GET /api/notifications',
    async holds(who, other) {
      const list = await body<Notification[]>(await api('/api/notifications', auth(who.token)));
      return !list.some((n) => n.actorId === other.user.user_id);
    },
  },
];
