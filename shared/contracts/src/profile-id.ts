/**
 * Encoded member ids for profile links (spec: "an encoded member id with a fixed salt and minimum
 * length 10"). A dependency-free port of the Hashids v2 algorithm (hashids.org, as in the npm
 * package `hashids`), so ids made here decode with any Hashids library given the same salt,
 * minimum length and alphabet — and vice versa. Safe integers only (member ids are numbers).
 */

const DEFAULT_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890';
const DEFAULT_SEPS = 'cfhistuCFHISTU';
const MIN_ALPHABET_LENGTH = 16;
const SEP_DIV = 3.5;
const GUARD_DIV = 12;

/** Consistent shuffle of `chars` keyed by `salt` (Hashids' core permutation). */
function shuffle(chars: string[], salt: string[]): string[] {
  if (salt.length === 0) return chars;
  const out = [...chars];
  for (let i = out.length - 1, v = 0, p = 0; i > 0; i--, v++) {
    v %= salt.length;
    const code = salt[v]!.codePointAt(0)!;
    p += code;
    const j = (code + v + p) % i;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function toAlphabet(value: number, alphabet: string[]): string[] {
  const id: string[] = [];
  let rest = value;
  do {
    id.unshift(alphabet[rest % alphabet.length]!);
    rest = Math.floor(rest / alphabet.length);
  } while (rest > 0);
  return id;
}

function fromAlphabet(chars: string[], alphabet: string[]): number | null {
  let value = 0;
  for (const char of chars) {
    const index = alphabet.indexOf(char);
    if (index < 0) return null;
    value = value * alphabet.length + index;
    if (!Number.isSafeInteger(value)) return null;
  }
  return value;
}

export interface Hashids {
  encode(numbers: readonly number[]): string;
  /** The numbers, or null when `id` was not produced by this encoder. */
  decode(id: string): number[] | null;
}

export function createHashids(salt = '', minLength = 0, alphabetText = DEFAULT_ALPHABET): Hashids {
  const saltChars = Array.from(salt);
  const unique = [...new Set(Array.from(alphabetText))];
  if (unique.length < MIN_ALPHABET_LENGTH) {
    throw new Error(`Hashids alphabet needs at least ${MIN_ALPHABET_LENGTH} unique characters`);
  }
  const sepsSource = Array.from(DEFAULT_SEPS);

  let alphabet = unique.filter((c) => !sepsSource.includes(c));
  let seps = shuffle(
    sepsSource.filter((c) => unique.includes(c)),
    saltChars,
  );
  if (seps.length === 0 || alphabet.length / seps.length > SEP_DIV) {
    const sepsLength = Math.ceil(alphabet.length / SEP_DIV);
    if (sepsLength > seps.length) {
      const diff = sepsLength - seps.length;
      seps = [...seps, ...alphabet.slice(0, diff)];
      alphabet = alphabet.slice(diff);
    }
  }
  alphabet = shuffle(alphabet, saltChars);
  const guardCount = Math.ceil(alphabet.length / GUARD_DIV);
  let guards: string[];
  if (alphabet.length < 3) {
    guards = seps.slice(0, guardCount);
    seps = seps.slice(guardCount);
  } else {
    guards = alphabet.slice(0, guardCount);
    alphabet = alphabet.slice(guardCount);
  }

  function encodeChars(numbers: readonly number[]): string[] {
    let alpha = alphabet;
    const idInt = numbers.reduce((sum, n, i) => sum + (n % (i + 100)), 0);
    let ret = [alpha[idInt % alpha.length]!];
    const lottery = [...ret];

    numbers.forEach((n, i) => {
      alpha = shuffle(alpha, [...lottery, ...saltChars, ...alpha]);
      const last = toAlphabet(n, alpha);
      ret.push(...last);
      if (i + 1 < numbers.length) {
        const extra = n % (last[0]!.codePointAt(0)! + i);
        ret.push(seps[extra % seps.length]!);
      }
    });

    if (ret.length < minLength) {
      ret.unshift(guards[(idInt + ret[0]!.codePointAt(0)!) % guards.length]!);
      if (ret.length < minLength) {
        ret.push(guards[(idInt + ret[2]!.codePointAt(0)!) % guards.length]!);
      }
    }

    const half = Math.floor(alpha.length / 2);
    while (ret.length < minLength) {
      alpha = shuffle(alpha, alpha);
      ret = [...alpha.slice(half), ...ret, ...alpha.slice(0, half)];
      const excess = ret.length - minLength;
      if (excess > 0) {
        const start = Math.floor(excess / 2);
        ret = ret.slice(start, start + minLength);
      }
    }
    return ret;
  }

  return {
    encode(numbers) {
      if (numbers.length === 0 || !numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) return '';
      return encodeChars(numbers).join('');
    },
    decode(id) {
      if (!id) return null;
      const allowed = new Set([...alphabet, ...guards, ...seps]);
      const chars = Array.from(id);
      if (!chars.every((c) => allowed.has(c))) return null;

      // Drop the padding: the payload sits between the first and last guard characters.
      const parts: string[][] = [[]];
      for (const c of chars) {
        if (guards.includes(c)) parts.push([]);
        else parts[parts.length - 1]!.push(c);
      }
      const breakdown = parts[parts.length === 2 || parts.length === 3 ? 1 : 0]!;
      if (breakdown.length === 0) return null;

      const lottery = breakdown[0]!;
      const chunks: string[][] = [[]];
      for (const c of breakdown.slice(1)) {
        if (seps.includes(c)) chunks.push([]);
        else chunks[chunks.length - 1]!.push(c);
      }

      let alpha = alphabet;
      const numbers: number[] = [];
      for (const chunk of chunks) {
        alpha = shuffle(alpha, [lottery, ...saltChars, ...alpha].slice(0, alpha.length));
        const n = fromAlphabet(chunk, alpha);
        if (n === null) return null;
        numbers.push(n);
      }
      // Only ids this encoder would have produced are valid (rejects tampered or padded input).
      return encodeChars(numbers).join('') === id ? numbers : null;
    },
  };
}

/** Fixed for the product's lifetime: changing either breaks every shared profile link. */
export const PROFILE_ID_SALT = 'kora-profile';
export const PROFILE_ID_MIN_LENGTH = 10;

const profileHashids = createHashids(PROFILE_ID_SALT, PROFILE_ID_MIN_LENGTH);

export function encodeProfileId(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId < 0) throw new RangeError(`Not a member id: ${userId}`);
  return profileHashids.encode([userId]);
}

/** The member id behind an encoded profile id, or null if it is not one. */
export function decodeProfileId(encoded: string): number | null {
  const numbers = profileHashids.decode(encoded);
  return numbers?.length === 1 ? numbers[0]! : null;
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
