/**
 * Encoded member ids for profile links (a fixed salt and a minimum length of 10; decision 005),
 * made by the `hashids` package (Hashids v2, hashids.org) with its default alphabet, so any Hashids
 * library given the same salt and minimum length decodes them. Safe integers only: member ids are
 * numbers.
 */
import Hashids from 'hashids';

/** Fixed for the product's lifetime: changing either breaks every shared profile link. */
export const PROFILE_ID_SALT = 'kora-profile';
export const PROFILE_ID_MIN_LENGTH = 10;
/** Hashids' default alphabet, spelled out so a change of the package's default cannot move it. */
export const PROFILE_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890';

const profileHashids = new Hashids(PROFILE_ID_SALT, PROFILE_ID_MIN_LENGTH, PROFILE_ID_ALPHABET);

export function encodeProfileId(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId < 0) throw new RangeError(`Not a member id: ${userId}`);
  return profileHashids.encode(userId);
}

/** The member id behind an encoded profile id, or null if it is not one. */
export function decodeProfileId(encoded: string): number | null {
  let numbers: ReturnType<Hashids['decode']>;
  try {
    numbers = profileHashids.decode(encoded);
  } catch {
    return null; // characters outside the alphabet: the package throws rather than answer []
  }
  if (numbers.length !== 1) return null;
  const [id] = numbers;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/**
 * `/profile/{id}` accepts both forms. An encoded id can, rarely, be all digits, so a string long
 * enough to be encoded is tried as one first; shorter digit strings are plain ids.
 */
export function parseProfileParam(param: string): number | null {
  if (param.length >= PROFILE_ID_MIN_LENGTH) {
    const decoded = decodeProfileId(param);
    if (decoded !== null) return decoded;
  }
  if (!/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}
