/**
 * Per-client rate limits at the edge, counted in the shared KeyValueStore so every gateway replica
 * sees the same numbers: a fixed one-minute window per client IP for `/api` and `/ws`, plus a much
 * smaller window for the paths that guess passwords or send mail/SMS codes (brute force and code
 * spam). Pages, static assets and `/uploads` are not limited: a page view pulls dozens of them.
 *
 * If the store fails or is slow the request goes through (logged): losing rate limiting for a while
 * is better than losing the site.
 */
import type { KeyValueStore, Logger } from '@kora/platform';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '@kora/contracts';
import { sendError } from './errors.js';
import { isApiPath, pathOf, WEBSOCKET_PATH } from './paths.js';
import { throttledWarner, withDeadline } from './store-guard.js';

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
]);

// Served from files by the gateway itself; as cheap as any static asset.
const UNLIMITED_PREFIXES = ['/api/docs/assets/'];

export interface RateLimitOptions {
  store: KeyValueStore;
  log: Logger;
  perMinute: number;
  authPerMinute: number;
}

interface Window {
  limit: number;
  count: number;
  resetInMs: number;
}

/**
 * The key a client is counted under. IPv6 clients usually own a whole /64, so counting single
 * addresses would let one client rotate through billions of them.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function isLimited(method: string, path: string): boolean {
  // Preflights cost no upstream work; counting them would halve a cross-origin client's budget.
  if (method === 'OPTIONS') return false;
  if (path === WEBSOCKET_PATH) return true;
  return isApiPath(path) && !UNLIMITED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

function setRateLimitHeaders(reply: FastifyReply, window: Window): void {
  reply.header('ratelimit-limit', window.limit);
  reply.header('ratelimit-remaining', Math.max(0, window.limit - window.count));
  reply.header('ratelimit-reset', Math.ceil(window.resetInMs / 1000));
}

export function installRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const warn = throttledWarner(options.log);

  async function hit(scope: string, ip: string, limit: number): Promise<Window> {
    const { count, resetInMs } = await withDeadline(options.store.hit(`ratelimit:${scope}:${ip}`, WINDOW_MS));
    return { limit, count, resetInMs };
  }

  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (!isLimited(request.method, path)) return;
    const ip = clientKey(request.ip);

    let windows: Window[];
    try {
      const counting = [hit('all', ip, options.perMinute)];
      if (SENSITIVE_AUTH_PATHS.has(path)) counting.push(hit('auth', ip, options.authPerMinute));
      windows = await Promise.all(counting);
    } catch (err) {
      warn(err, 'rate-limit store failed; letting requests through until it is back');
      return;
    }

    // Report the window closest to its limit: that is the one the client has to respect.
    const binding = windows.reduce((a, b) => (b.limit - b.count < a.limit - a.count ? b : a));
    setRateLimitHeaders(reply, binding);
    if (binding.count > binding.limit) {
      reply.header('retry-after', Math.max(1, Math.ceil(binding.resetInMs / 1000)));
      request.log.info({ ip, path, limit: binding.limit }, 'rate limited');
      return sendError(reply, 429, 'Too many requests. Please wait a moment and try again.', ErrorCode.RateLimited);
    }
  });
}
