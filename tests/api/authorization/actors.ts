/**
 * The callers of the authorization matrix. Every one is made through the product's own API (sign-up,
 * activation, sign-in, sign-out, the admin suspension route) except the tokens that no real client
 * can obtain on purpose: an expired one and one signed with the wrong key, minted here with the same
 * claims a real token carries (shared/platform/src/access-token.ts).
 */
import { signAccessToken } from '@kora/platform/access-token';
import { readUntil } from '@kora/testing';
import { expect } from 'vitest';
import { json, signedInMember, signIn, type SignedIn } from '../support/members.js';
import { api, tokenFor } from '../support/product.js';

export const ACTORS = ['anonymous', 'member', 'owner', 'groupAdmin', 'admin', 'suspended', 'expired', 'revoked', 'wrongKey'] as const;
export type ActorName = (typeof ACTORS)[number];

/** Actors whose credentials must never be honoured: every member route refuses them with 401. */
export const INVALID_CREDENTIALS: readonly ActorName[] = ['suspended', 'expired', 'revoked', 'wrongKey'];

export type Member = SignedIn & { member: { email: string; password: string; username: string; firstname: string; lastname: string } };

export interface Actors {
  /** The bearer token each actor sends (none for anonymous). */
  tokens: Record<ActorName, string | null>;
  /** The owner of every resource the matrix calls a route on. */
  owner: Member;
  /** A signed-in member with no relation to the owner's resources (the "different member"). */
  member: Member;
  /** Appointed admin of the owner's group by the owner (the owner is the group's creator). */
  groupAdmin: Member;
  /** A real member whose token says admin, as the other admin API tests make one. */
  admin: Member & { adminToken: string };
}

/** The session id an access token carries. */
export const sidOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

export async function makeActors(): Promise<Actors> {
  const [owner, member, groupAdmin, adminMember, suspended, revoked] = (await Promise.all(
    Array.from({ length: 6 }, () => signedInMember()),
  )) as Member[];
  const adminToken = await tokenFor({ userId: adminMember!.user.user_id, role: 'admin', sessionId: sidOf(adminMember!.token) });

  // Suspended through the admin API: suspension ends the member's sessions, so the token it held is dead.
  const suspension = await api(`/api/admin/users/${suspended!.user.user_id}/status`, json({ status: 'suspended' }, adminToken, 'PUT'));
  expect(suspension.status, await suspension.clone().text()).toBe(200);

  // Really signed in twice, then one session signed out: its token must be refused, the other lives on.
  await signIn(revoked!.member.email, revoked!.member.password);
  expect((await api('/api/signout', { method: 'POST', headers: { authorization: `Bearer ${revoked!.token}` } })).status).toBe(204);
  // Revocation reaches every gateway replica through the shared store: wait until this one refuses it.
  await readUntil(
    async () => (await api('/api/auth/session', { headers: { authorization: `Bearer ${revoked!.token}` } })).status,
    (status) => status === 401,
    10_000,
  );

  const secret = process.env.ACCESS_TOKEN_SECRET!;
  const ownerIdentity = { userId: owner!.user.user_id, role: 'user' as const, sessionId: sidOf(owner!.token) };
  const expired = await signAccessToken(ownerIdentity, secret, -60);
  const wrongKey = await signAccessToken(ownerIdentity, `${secret}-not-the-key`);

  return {
    owner: owner!,
    member: member!,
    groupAdmin: groupAdmin!,
    admin: { ...adminMember!, adminToken },
    tokens: {
      anonymous: null,
      member: member!.token,
      owner: owner!.token,
      groupAdmin: groupAdmin!.token,
      admin: adminToken,
      suspended: suspended!.token,
      expired,
      revoked: revoked!.token,
      wrongKey,
    },
  };
}
