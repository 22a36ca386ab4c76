/**
 * The hostile values the fuzzer puts where the document expects something ordinary: text that
 * breaks naive string handling, numbers at and past every edge, ids and cursors a client forged,
 * and JSON nested far deeper than any real body. Each is a fast-check arbitrary so a seed replays
 * the same run.
 */
import fc from 'fast-check';

/** The largest body a service accepts (shared/platform/src/http/build-app.ts). */
export const BODY_LIMIT = 1024 * 1024;

/** Text that trips encoders, databases, renderers and string length checks. */
const NASTY_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF',
  '\u202Egnp.exe',
  '\u200F\u200E\u061C',
  '\u200B\u200C\u200D\u2060\uFEFF',
  `e${'\u0301'.repeat(300)}`,
  '👩‍👩‍👧‍👦🇳🇬🏳️‍🌈',
  '\uFFFE\uFFFF',
  '\r\n\r\nX-Injected: 1',
  "' OR 1=1 --",
  '%_\\',
  '${7*7}{{7*7}}%s%n',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '',
  ' ',
];

/** Any UTF-16 code unit, lone surrogates included (fast-check's string units are valid code points). */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY_TEXTS), fc.integer({ min: 1_000, max: 20_000 })).map(([t, n]) => (t || 'x').repeat(n)),
  },
);

/** A string longer than `max` characters (and sometimes past the body limit). */
export const tooLong = (max: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 1, max: 50 }).map((extra) => 'ä'.repeat(max + extra)),
    fc.constant('x'.repeat(Math.max(max + 1, BODY_LIMIT + 10))),
  );

/**
 * Numbers as raw JSON text, so values JSON.stringify cannot write (1e309, -0, 2^63 exactly) reach
 * the server as a client could send them.
 */
export const hostileNumberText: fc.Arbitrary<string> = fc.constantFrom(
  '-1',
  '0',
  '-0',
  '1.5',
  '-0.0000001',
  '9007199254740993',
  '9223372036854775808',
  '1e309',
  '-1e309',
  '1.7976931348623157e308',
  '5e-324',
  '123456789012345678901234567890',
);

/** Query or path text that parses as no number, or as one no id can be. */
export const hostileNumberParam: fc.Arbitrary<string> = fc.oneof(
  hostileNumberText,
  fc.constantFrom('NaN', 'Infinity', '-Infinity', 'abc', '', '%00', '0x10', '1_000', '%D9%A1%D9%A2', '1e2', '%201', '[]', '{}', 'true'),
);

/**
 * Ids no route may take (0, negative, past 2^63, not finite, not numbers, path segments). Every one
 * is refused by a strict id check, so a write carrying one must be refused.
 */
export const badId: fc.Arbitrary<string> = fc.constantFrom(
  '0',
  '-1',
  '9223372036854775808',
  '1e309',
  '1.5',
  'NaN',
  'Infinity',
  'abc',
  '..',
  '%2e%2e',
  '%2F',
  '%00',
  '%20',
  '%C0%AF',
  '%F0%9F%92%A9',
  'x'.repeat(300),
);

const instants = [
  '2026-01-01T00:00:00.000000Z',
  '0000-01-01T00:00:00.000000Z',
  '2026-02-30T00:00:00.000000Z',
  '99999-01-01T00:00:00.000000Z',
  'now',
];
const cursorParts = [...instants, '-1', '0', '1', '1e309', '9223372036854775808', 'NaN', 'abc', '', '\u0000'];

/**
 * Cursors a client forged: random base64, and the shapes of the product's own cursors (a time and
 * ids joined by `|`, base64url; other endpoints' shapes too) with impossible parts.
 */
export const badCursor: fc.Arbitrary<string> = fc.oneof(
  fc.base64String({ maxLength: 60 }).map(encodeURIComponent),
  fc
    .array(fc.constantFrom(...cursorParts), { minLength: 1, maxLength: 4 })
    .map((parts) => Buffer.from(parts.join('|'), 'utf8').toString('base64url')),
  fc.constantFrom('-1', '1e309', 'NaN', '%00', 'a%2Bb%2F%3D', '=='),
);

/** JSON arrays or objects nested `depth` levels deep, as raw text. */
export function deepJsonText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(1_000, 5_000, 20_000), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => deepJsonText(depth, kind));

/** JSON text a parser must refuse (or a body no route's schema allows). */
export const malformedJson: fc.Arbitrary<string> = fc.constantFrom(
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '\uFEFF{}x',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\u0000',
  '[1,2',
  'nul',
);

/** Content types that are not what the route reads. */
export const badContentType: fc.Arbitrary<string> = fc.constantFrom(
  'application/xml',
  'text/html',
  'application/x-www-form-urlencoded',
  'image/png',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  ';;;',
);

/** Ways to bend a path: dot segments, doubled or encoded slashes, NUL, overlong UTF-8. */
export const pathTrick: fc.Arbitrary<(path: string) => string> = fc.constantFrom(
  (p: string) => `${p}/%2e%2e/%2e%2e/admin/users`,
  (p: string) => `${p}/../../api/admin/users`,
  (p: string) => p.replace('/api/', '//api//'),
  (p: string) => `/${p.slice(1).replace(/\//g, '%2F')}`,
  (p: string) => p.replace('/api/', '/api%2F'),
  (p: string) => `${p}%00`,
  (p: string) => `${p}%00.json`,
  (p: string) => `${p}/%c0%ae%c0%ae/%c0%af`,
  (p: string) => `${p}/.%2e/.%2e/`,
  (p: string) => p.toUpperCase(),
  (p: string) => `${p};jsessionid=1`,
  (p: string) => `${p}/%ff%fe`,
  (p: string) => `${p}\\..\\..\\`,
);
