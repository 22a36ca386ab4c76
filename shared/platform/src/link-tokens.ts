/**
 * Signed tokens for links a member follows from an e-mail without signing in (the digest's
 * unsubscribe link). The token names the member and the purpose and carries an HMAC over both
 * with a secret every service shares (INTERNAL_SECRET), so the service that sends the mail and
 * the service that honours the link agree without a call or a table. It never expires: an old
 * digest's unsubscribe link keeps working, as mail clients and the law expect.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'unsubscribe-digest';

function mac(secret: string, purpose: LinkPurpose, userId: number): string {
  return createHmac('sha256', secret).update(`kora-link:${purpose}:${userId}`).digest('base64url');
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
