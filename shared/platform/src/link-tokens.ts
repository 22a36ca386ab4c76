/**
 * Signed tokens for links a member follows from an e-mail without signing in (the digest's
 * unsubscribe link). The token names the member and the purpose and carries an HMAC over both
 * with a secret every service shares (INTERNAL_SECRET), so the service that sends the mail and
 * the service that honours the link agree without a call or a table. It never expires: an old
 * digest's unsubscribe link keeps working, as mail clients and the law expect.
 *
 * A link that must stop working once used names a `scope` the honouring service can check (the
 * sign-in unlock link names the moment of the lock it lifts: decision 033); the token then reads
 * `<userId>.<scope>.<mac>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'unsubscribe-digest' | 'unlock-sign-in';

function mac(secret: string, purpose: LinkPurpose, userId: number, scope?: string): string {
  const subject = scope === undefined ? `kora-link:${purpose}:${userId}` : `kora-link:${purpose}:${userId}:${scope}`;
  return createHmac('sha256', secret).update(subject).digest('base64url');
}

/** `<userId>.<mac>`: short enough for a query string, safe in a URL. */
export function signLinkToken(secret: string, purpose: LinkPurpose, userId: number): string {
  return `${userId}.${mac(secret, purpose, userId)}`;
}

/** The member the token was made for, or null when it was not made with this secret and purpose. */
export function verifyLinkToken(secret: string, purpose: LinkPurpose, token: string): number | null {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(secret, purpose, userId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

const SCOPE = /^[A-Za-z0-9_-]{1,40}$/;

/** `<userId>.<scope>.<mac>`: a token for one use the honouring service recognises by its scope. */
export function signScopedLinkToken(secret: string, purpose: LinkPurpose, userId: number, scope: string): string {
  if (!SCOPE.test(scope)) throw new Error('a link scope is 1 to 40 URL-safe characters');
  return `${userId}.${scope}.${mac(secret, purpose, userId, scope)}`;
}

/** The member and scope a scoped token was made for, or null when it was not made with this secret and purpose. */
export function verifyScopedLinkToken(secret: string, purpose: LinkPurpose, token: string): { userId: number; scope: string } | null {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const scope = match[2]!;
  const expected = Buffer.from(mac(secret, purpose, userId, scope));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, scope } : null;
}

/**
 * A link that names one thing of a member's and stops working at a time (the data archive's download
 * link, decision 035): `<userId>.<subject>.<expiresAtSeconds>.<mac>`, the MAC over all three and the
 * purpose. The subject is ours (hex), so the token stays URL-safe.
 */
export type ExpiringLinkPurpose = 'data-archive';

export interface ExpiringLink {
  userId: number;
  subject: string;
  expiresAt: Date;
}

function expiringMac(secret: string, purpose: ExpiringLinkPurpose, link: { userId: number; subject: string; seconds: number }): string {
  return createHmac('sha256', secret).update(`kora-link:${purpose}:${link.userId}:${link.subject}:${link.seconds}`).digest('base64url');
}

export function signExpiringLinkToken(secret: string, purpose: ExpiringLinkPurpose, link: ExpiringLink): string {
  if (!/^[0-9a-f]{1,64}$/.test(link.subject)) throw new Error('A link subject is lower-case hex');
  const seconds = Math.floor(link.expiresAt.getTime() / 1000);
  return `${link.userId}.${link.subject}.${seconds}.${expiringMac(secret, purpose, { ...link, seconds })}`;
}

/**
 * What the token names, or null when it was not made with this secret and purpose. Expiry is the
 * caller's to judge (it answers 410 for an expired link and 404 for a forged one).
 */
export function verifyExpiringLinkToken(secret: string, purpose: ExpiringLinkPurpose, token: string): ExpiringLink | null {
  const match = /^([1-9][0-9]{0,15})\.([0-9a-f]{1,64})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const link = { userId: Number(match[1]), subject: match[2]!, seconds: Number(match[3]) };
  const expected = Buffer.from(expiringMac(secret, purpose, link));
  const given = Buffer.from(match[4]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: link.userId, subject: link.subject, expiresAt: new Date(link.seconds * 1000) };
}
