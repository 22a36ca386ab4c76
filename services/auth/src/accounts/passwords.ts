/**
 * Password hashing: Argon2id with the OWASP minimum (19 MiB memory, 2 passes, 1 lane), a random
 * 16-byte salt per hash, PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$...`) so the parameters
 * travel with each hash and can be raised later.
 */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable as a value here)

export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as a real check, for a login that matched no account, so the answer time
 * does not tell whether the account exists. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
