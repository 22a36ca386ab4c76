/**
 * TOTP secrets at rest (decision 033): AES-256-GCM with a key from TWO_STEP_KEY (else derived from
 * ACCESS_TOKEN_SECRET), the member's id as associated data so a secret copied to another row does
 * not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export type SecretKey = Buffer;

export function twoStepKey(config: { TWO_STEP_KEY?: string | undefined; ACCESS_TOKEN_SECRET: string }): SecretKey {
  const material = config.TWO_STEP_KEY ?? `kora-two-step:${config.ACCESS_TOKEN_SECRET}`;
  return createHash('sha256').update(material).digest();
}

export function sealSecret(key: SecretKey, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`two-step:${userId}`));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The secret, or null when it was sealed with another key or for another member. */
export function openSecret(key: SecretKey, userId: number, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`two-step:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
