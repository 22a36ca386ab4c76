/**
 * The caller's identity as the gateway vouches for it to the services behind it.
 *
 * The gateway verifies the member's access token at the edge, strips any identity header that came
 * from outside, and attaches its own, HMAC-signed with INTERNAL_SECRET. A service (or the web app)
 * trusts an identity only when the signature checks out, so a forged header sent straight to a
 * service is refused even if the service port is reachable. The assertion is short-lived so a
 * captured header cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const IDENTITY_HEADER = 'x-kora-identity';
const ASSERTION_TTL_MS = 60_000;

export type Role = 'user' | 'admin';

export interface Identity {
  userId: number;
  role: Role;
  /** The auth session the access token belongs to; revoking it ends the token. */
  sessionId: string;
  /**
   * An admin whom the site requires to use two-step sign-in, who has not turned it on (decision
   * 033): admin routes refuse them until they do. Absent for everyone else.
   */
  twoStepMissing?: true;
}

interface Assertion extends Identity {
  exp: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signIdentity(identity: Identity, secret: string, now = Date.now()): string {
  const assertion: Assertion = { ...identity, exp: now + ASSERTION_TTL_MS };
  const payload = Buffer.from(JSON.stringify(assertion)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export function verifyIdentity(header: string | string[] | undefined, secret: string, now = Date.now()): Identity | null {
  if (typeof header !== 'string') return null;
  const dot = header.indexOf('.');
  if (dot <= 0) return null;
  const payload = header.slice(0, dot);
  const given = Buffer.from(header.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(payload, secret), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const a = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Assertion;
    if (typeof a.exp !== 'number' || a.exp < now) return null;
    if (!Number.isSafeInteger(a.userId) || (a.role !== 'user' && a.role !== 'admin')) return null;
    const identity: Identity = { userId: a.userId, role: a.role, sessionId: String(a.sessionId) };
    if (a.twoStepMissing === true) identity.twoStepMissing = true;
    return identity;
  } catch {
    return null;
  }
}

/**
 * Service-to-service calls (a service's internal API, never routed by the gateway) carry
 * `x-kora-service: <base64url({ service, exp })>.<HMAC>` signed with the same INTERNAL_SECRET, so
 * an internal route can tell a sibling service from anyone else who reached its port.
 */
export const SERVICE_CALL_HEADER = 'x-kora-service';

export function signServiceCall(service: string, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ service, exp: now + ASSERTION_TTL_MS })).toString('base64url');
  return `${payload}.${sign(`svc:${payload}`, secret)}`;
}

export function verifyServiceCall(header: string | string[] | undefined, secret: string, now = Date.now()): string | null {
  if (typeof header !== 'string') return null;
  const dot = header.indexOf('.');
  if (dot <= 0) return null;
  const payload = header.slice(0, dot);
  const given = Buffer.from(header.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(`svc:${payload}`, secret), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { service?: unknown; exp?: unknown };
    if (typeof claim.exp !== 'number' || claim.exp < now || typeof claim.service !== 'string') return null;
    return claim.service;
  } catch {
    return null;
  }
}
