/**
 * Rate limits at the edge, counted in the shared KeyValueStore so every gateway replica sees the
 * same numbers (decision 032). Who a call is counted under:
 *   - a signed-in member's calls (a token the edge has verified): per member, a fixed one-minute
 *     window, so hundreds of phones behind one carrier address are never refused for one of them;
 *   - anonymous calls (and a token's first call, before its signature is checked): per address,
 *     with a generous limit for the same reason;
 *   - sign-in, sign-up and recovery: per address (high enough for a carrier-grade NAT) AND per
 *     account named in the body, counted exactly; sign-up also limits how many distinct e-mail
 *     addresses one address may try in an hour, since "Email is already in use" tells who has an
 *     account;
 *   - the public representative form: per address per hour; the payment commands: per member (or
 *     address) per minute (decision 026).
 * Pages, static assets and `/uploads` are not limited: a page view pulls dozens of them.
 *
 * The counting happens in edge-checks.ts, beside the revoked-session lookup: if the store fails or
 * is slow the request goes through (logged), since losing rate limiting for a while is better than
 * losing the site.
 */
import type { KeyValueStore } from '@kora/platform';
import { apiErrorTexts, ErrorCode } from '@kora/contracts';
import type { EdgeRequest } from './edge-request.js';
import type { Refusal } from './errors.js';
import { isApiPath, WEBSOCKET_PATH } from './paths.js';

const WINDOW_MS = 60_000;

export const SENSITIVE_AUTH_PATHS: ReadonlySet<string> = new Set([
  '/api/signin',
  '/api/signUp',
  '/api/sendForgotOtp',
  '/api/resend-otp',
  '/api/forgot-password',
  '/api/reset-password',
  '/api/activate',
  '/api/resend-activation',
  // The second step of a two-step sign-in and the unlock link (decision 033): codes and tokens to guess.
  '/api/signin/two-step',
  '/api/auth/unlock',
]);

/** The public representative form (decision 024): counted per client per hour. */
export const REPRESENTATIVE_PATH = '/api/representatives';
const HOUR_MS = 60 * 60_000;

/**
 * The payment commands (decision 026): starting a top-up, asking the provider about a payment, the
 * sandbox's pay button, and buying a package. Matched on the decoded path, since the wallet's router
 * decodes `%xx` before matching and these paths have segments the routing table passes on whole.
 */
const PAYMENT_COMMANDS: readonly RegExp[] = [
  /^\/api\/payments\/initialize$/,
  /^\/api\/payments\/[^/]+\/(?:verify|sandbox-pay)$/,
  /^\/api\/packages\/[^/]+\/purchase$/,
];

/** The path as the upstream's router will see it: `%xx` decoded, no trailing slash; raw when malformed. */
function routedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is refused upstream (400) before any route runs.
  }
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

export function isPaymentCommand(method: string, path: string): boolean {
  if (method !== 'POST') return false;
  const routed = routedPath(path);
  return PAYMENT_COMMANDS.some((command) => command.test(routed));
}

// Served from files by the gateway itself; as cheap as any static asset.
const UNLIMITED_PREFIXES = ['/api/docs/assets/'];

export interface RateLimits {
  /** A signed-in member's calls per minute (RATE_LIMIT_PER_MINUTE). */
  perMinute: number;
  /** Anonymous calls per address per minute (ADDRESS_RATE_LIMIT_PER_MINUTE). */
  addressPerMinute: number;
  /** Sign-in, sign-up and recovery calls naming one account, per minute (AUTH_RATE_LIMIT_PER_MINUTE). */
  authPerMinute: number;
  /** Sign-in, sign-up and recovery calls from one address, per minute (AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE). */
  authAddressPerMinute: number;
  /** Distinct e-mail addresses one address may try at sign-up in an hour (SIGNUP_ADDRESSES_PER_HOUR). */
  signUpAddressesPerHour: number;
  /** Applications one client may post in an hour (REPRESENTATIVE_RATE_LIMIT_PER_HOUR). */
  representativesPerHour: number;
  /** Payment commands one client may send per minute (PAYMENT_RATE_LIMIT_PER_MINUTE). */
  paymentsPerMinute: number;
}

/**
 * One counter a request is counted in: its key, the limit of its window, and whether it must be
 * exact across gateway replicas (counted in the store on every request) or may be shared every
 * quarter second (rate-counter.ts).
 */
export interface RateScope {
  key: string;
  limit: number;
  exact: boolean;
  /** The window's length: a minute, or an hour. */
  windowMs: number;
  /**
   * Counted only the first time this key is seen in the window (a distinct count): the sign-up's
   * e-mail addresses tried from one address.
   */
  distinctBy?: string;
}

export interface Window {
  limit: number;
  count: number;
  resetInMs: number;
}

/**
 * The /64 network (or IPv4 address) a client is counted under. IPv6 clients usually own a whole
 * /64, so counting single addresses would let one client rotate through billions of them.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function isLimited(method: string, path: string): boolean {
  // Preflights cost no upstream work; counting them would halve a cross-origin client's budget.
  if (method === 'OPTIONS') return false;
  if (path === WEBSOCKET_PATH) return true;
  return isApiPath(path) && !UNLIMITED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Sign-in, sign-up and recovery: counted per address and per account named in the body. */
export function isAccountPath(method: string, path: string): boolean {
  return method === 'POST' && SENSITIVE_AUTH_PATHS.has(path);
}

export const SIGN_UP_PATH = '/api/signUp';

// A client's keys, made once per address and remembered (boundedly): the same few clients send
// most requests, and the key is asked for on every one.
interface ClientKeys {
  all: string;
  auth: string;
  signUps: string;
  representatives: string;
  payments: string;
}
const keysByAddress = new Map<string, ClientKeys>();
const MAX_REMEMBERED = 10_000;

function keysOf(ip: string): ClientKeys {
  let keys = keysByAddress.get(ip);
  if (keys === undefined) {
    const client = clientKey(ip);
    keys = {
      all: `ratelimit:all:${client}`,
      auth: `ratelimit:auth:${client}`,
      signUps: `ratelimit:signup-addresses:${client}`,
      representatives: `ratelimit:representatives:${client}`,
      payments: `ratelimit:payments:${client}`,
    };
    if (keysByAddress.size >= MAX_REMEMBERED) keysByAddress.clear();
    keysByAddress.set(ip, keys);
  }
  return keys;
}

interface MemberKeys {
  all: string;
  payments: string;
}
const keysByMember = new Map<number, MemberKeys>();

function memberKeysOf(memberId: number): MemberKeys {
  let keys = keysByMember.get(memberId);
  if (keys === undefined) {
    keys = { all: `ratelimit:member:${memberId}`, payments: `ratelimit:member-payments:${memberId}` };
    if (keysByMember.size >= MAX_REMEMBERED) keysByMember.clear();
    keysByMember.set(memberId, keys);
  }
  return keys;
}

/** Who a request is counted under, besides its address. */
export interface Caller {
  /** The member a verified token proves, or null (anonymous, or a token not checked yet). */
  memberId: number | null;
  /** The hashed account a sign-in, sign-up or recovery body names (account-name.ts), or null. */
  account: string | null;
}

const ANONYMOUS: Caller = { memberId: null, account: null };

/** The counters a request is counted in: none, every /api call, and the sensitive paths' own. */
export function rateScopes(method: string, path: string, ip: string, limits: RateLimits, caller: Caller = ANONYMOUS): RateScope[] {
  if (!isLimited(method, path)) return [];
  const keys = keysOf(ip);
  const member = caller.memberId === null ? null : memberKeysOf(caller.memberId);
  const scopes: RateScope[] = [
    member
      ? { key: member.all, limit: limits.perMinute, exact: false, windowMs: WINDOW_MS }
      : { key: keys.all, limit: limits.addressPerMinute, exact: false, windowMs: WINDOW_MS },
  ];
  // Password guessing and code sending: a few requests too many would matter, so counted exactly.
  if (SENSITIVE_AUTH_PATHS.has(path)) {
    scopes.push({ key: keys.auth, limit: limits.authAddressPerMinute, exact: true, windowMs: WINDOW_MS });
    if (caller.account !== null) {
      scopes.push({ key: `ratelimit:account:${caller.account}`, limit: limits.authPerMinute, exact: true, windowMs: WINDOW_MS });
      if (path === SIGN_UP_PATH) {
        scopes.push({
          key: keys.signUps,
          limit: limits.signUpAddressesPerHour,
          exact: true,
          windowMs: HOUR_MS,
          distinctBy: `${keys.signUps}:${caller.account}`,
        });
      }
    }
  }
  // Only posting an application counts; the form's page and the admin's reading do not.
  else if (method === 'POST' && path === REPRESENTATIVE_PATH) {
    scopes.push({ key: keys.representatives, limit: limits.representativesPerHour, exact: true, windowMs: HOUR_MS });
  } else if (isPaymentCommand(method, path)) {
    scopes.push({ key: member ? member.payments : keys.payments, limit: limits.paymentsPerMinute, exact: true, windowMs: WINDOW_MS });
  }
  return scopes;
}

export const RATE_WINDOW_MS = WINDOW_MS;

/**
 * Counts a request in an exact scope: one atomic increment in the shared store. A distinct scope
 * first marks its value as seen in the window, and is incremented only the first time.
 */
export async function countExactly(store: KeyValueStore, scope: RateScope): Promise<Window> {
  if (scope.distinctBy !== undefined) {
    const seen = await store.hit(scope.distinctBy, scope.windowMs);
    return { limit: scope.limit, ...(await store.hit(scope.key, scope.windowMs, seen.count === 1 ? 1 : 0)) };
  }
  return { limit: scope.limit, ...(await store.hit(scope.key, scope.windowMs)) };
}

/** The window closest to its limit: the one the client has to respect, and report. */
export function bindingWindow(windows: Window[]): Window | null {
  if (windows.length === 0) return null;
  return windows.reduce((a, b) => (b.limit - b.count < a.limit - a.count ? b : a));
}

export const RATE_LIMITED: Refusal = {
  status: 429,
  get message() {
    return apiErrorTexts.tooManyRequests;
  },
  code: ErrorCode.RateLimited,
};

/** Adds the RateLimit headers to the answer; true when the window is exceeded (answer 429). */
export function exceedsRateLimit(edge: EdgeRequest, window: Window): boolean {
  const resetSeconds = Math.ceil(window.resetInMs / 1000);
  edge.addAnswerHeader('ratelimit-limit', window.limit);
  edge.addAnswerHeader('ratelimit-remaining', Math.max(0, window.limit - window.count));
  edge.addAnswerHeader('ratelimit-reset', resetSeconds);
  if (window.count <= window.limit) return false;
  edge.addAnswerHeader('retry-after', Math.max(1, resetSeconds));
  return true;
}
