/**
 * Access classes: who may call a route, and what everyone else gets. A table row names its class;
 * the per-actor expectations come from it, with the row's explicit overrides on top.
 */
import { ACTORS, INVALID_CREDENTIALS, type ActorName } from './actors.js';

/** One status, or the statuses an answer may have (a set only where the product may answer either). */
export type Expected = number | readonly number[];

export type AccessClass =
  /** Anyone, signed in or not; a bad token is ignored (the gateway treats it as no token). */
  | 'public'
  /** Any signed-in member, about their own account or the whole site. */
  | 'member'
  /** Only the owner of the resource in the path (an admin too where the row says so). */
  | 'owner'
  /** The group's creator and the admins it appointed. */
  | 'groupAdmin'
  /** Site admins only. */
  | 'admin'
  /** Proved by a signature, not by a member: the same answer whoever calls. */
  | 'signature';

export interface ClassOptions {
  /** What an allowed actor gets. */
  ok: Expected;
  /** What a signed-in actor who may not call it gets (403, or 404 where existence is hidden). */
  refused: Expected;
}

export function expectationsFor(access: AccessClass, { ok, refused }: ClassOptions): Record<ActorName, Expected> {
  const allowed: Record<AccessClass, readonly ActorName[]> = {
    public: ACTORS,
    member: ['member', 'owner', 'groupAdmin', 'admin'],
    owner: ['owner'],
    groupAdmin: ['owner', 'groupAdmin'],
    admin: ['admin'],
    signature: ACTORS,
  };
  const signedIn = access === 'public' || access === 'signature' ? [] : ['anonymous', ...INVALID_CREDENTIALS];
  return Object.fromEntries(
    ACTORS.map((actor) => [
      actor,
      allowed[access].includes(actor) && !signedIn.includes(actor) ? ok : signedIn.includes(actor) ? 401 : refused,
    ]),
  ) as Record<ActorName, Expected>;
}

export const isAllowed = (expected: Expected): boolean => [expected].flat().some((status) => status >= 200 && status < 300);
