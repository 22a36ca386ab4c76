/**
 * The gateway's configuration, parsed once at start-up (see `server.ts`). A bad or missing variable
 * stops the process with the full list of problems instead of failing on the first request.
 *
 * Every upstream is an explicit URL variable: the same build runs embedded (the launcher points them
 * at loopback ports) and on Kubernetes (cluster DNS names), so no default could be right for both.
 */
import type { ServiceName } from '@kora/contracts';
import { blankIsUnset, checkKafkaSecurity, kafkaSecurityShape, kafkaTopicPrefix, redisKeyPrefix } from '@kora/platform';
import { DEFAULT_METRICS_PORT, metricsPortSchema } from '@kora/platform/metrics';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

export type UpstreamName = ServiceName | 'web';
export type Upstreams = Record<UpstreamName, string>;

/**
 * The variable naming each upstream's base URL. `satisfies` makes adding a service to the contracts'
 * `serviceNames` a compile error here until its variable exists.
 */
export const upstreamVariables = {
  auth: 'AUTH_URL',
  friends: 'FRIENDS_URL',
  posts: 'POSTS_URL',
  media: 'MEDIA_URL',
  'stories-reels': 'STORIES_REELS_URL',
  groups: 'GROUPS_URL',
  wallet: 'WALLET_URL',
  settings: 'SETTINGS_URL',
  notifications: 'NOTIFICATIONS_URL',
  admin: 'ADMIN_URL',
  messages: 'MESSAGES_URL',
  web: 'WEB_URL',
} as const satisfies Record<UpstreamName, string>;

type UpstreamVariable = (typeof upstreamVariables)[UpstreamName];

// Only the origin of an upstream is used (paths are forwarded as they came), so a path, query or
// credentials in the variable would be silently ignored: refuse them instead.
const upstreamUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine((value) => {
    const url = new URL(value);
    return (url.pathname === '/' || url.pathname === '') && !url.search && !url.username && !url.password;
  }, 'must be an origin only (scheme, host, port), without path, query or credentials')
  .transform((value) => new URL(value).origin);

/**
 * NOTIFICATIONS_URL may list several instances, comma-separated (decision 049): sockets and requests
 * are spread over them and a dead one is passed over (instances.ts). One origin works as before.
 */
const upstreamList = z
  .string()
  .transform((raw) =>
    raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(z.array(upstreamUrl).min(1, 'must name at least one origin'))
  .transform((origins) => [...new Set(origins)]);

type ListedVariable = typeof upstreamVariables.notifications;

const upstreamShape = {
  ...(Object.fromEntries(Object.values(upstreamVariables).map((name) => [name, upstreamUrl])) as {
    [K in Exclude<UpstreamVariable, ListedVariable>]: typeof upstreamUrl;
  }),
  NOTIFICATIONS_URL: upstreamList,
};

const positiveInt = z.coerce.number().int().positive();

/** Comma-separated browser origins; each is normalised with `URL.origin` so comparisons are exact. */
const originList = z
  .string()
  .default('')
  .transform((raw, ctx) => {
    const origins: string[] = [];
    for (const entry of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      try {
        const url = new URL(entry);
        if (url.origin === 'null' || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error();
        origins.push(url.origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not an http(s) origin` });
      }
    }
    return origins;
  });

/**
 * TRUST_PROXY: the proxies, by address, that may tell us who the client is (X-Forwarded-For/-Proto/
 * -Host): a comma-separated list of addresses and CIDRs (`10.0.3.7, 10.0.8.0/24`, or proxy-addr's
 * names `loopback`, `linklocal`, `uniquelocal`). None by default: a whole private network trusted
 * by default let any caller inside it pick its own rate-limit bucket (decision 032). `true` and hop
 * counts are refused for the same reason: they trust whoever stands at the other end.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((raw, ctx): false | string => {
    const entries = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0 || (entries.length === 1 && entries[0] === 'false')) return false;
    for (const entry of entries) {
      // proxy-addr would read a bare number as an IPv4 address (0.0.0.1), not as a hop count.
      if (/^\d+$/.test(entry)) {
        ctx.addIssue({ code: 'custom', message: `"${entry}": name the proxies by address, not by count` });
        continue;
      }
      try {
        proxyAddr.compile(entry);
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not an address or CIDR of a proxy` });
      }
    }
    return entries.join(',');
  });

export const gatewayEnvSchema = z
  .object({
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    INTERNAL_SECRET: z.string().min(16, 'must be at least 16 characters'),
    ACCESS_TOKEN_SECRET: z.string().min(16, 'must be at least 16 characters'),
    CORS_ORIGINS: originList,
    /**
     * MEDIA_ORIGINS: the origins a page may load stored images and videos from besides its own
     * (the bucket's or the CDN's when the media service redirects to them, decision 051).
     */
    MEDIA_ORIGINS: originList,
    TRUST_PROXY: trustProxy,
    /** A signed-in member's calls per minute, counted per member (decision 032). */
    RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
    /** Anonymous calls per address per minute: generous, since hundreds of phones may share one address. */
    ADDRESS_RATE_LIMIT_PER_MINUTE: positiveInt.default(3000),
    /** Sign-in, sign-up and recovery calls naming one account (e-mail or username), per minute. */
    AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
    /** Sign-in, sign-up and recovery calls from one address per minute (a carrier-grade NAT's worth). */
    AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: positiveInt.default(1000),
    /** Distinct e-mail addresses one address may try at sign-up in an hour ("Email is already in use"). */
    SIGNUP_ADDRESSES_PER_HOUR: positiveInt.default(60),
    /** Representative applications (POST /api/representatives) one client may send per hour. */
    REPRESENTATIVE_RATE_LIMIT_PER_HOUR: positiveInt.default(5),
    /** Payment commands (top-up start, verify, sandbox pay, package purchase) one client may send per minute. */
    PAYMENT_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
    UPSTREAM_TIMEOUT_MS: positiveInt.default(15_000),
    UPSTREAM_CONNECT_TIMEOUT_MS: positiveInt.default(2_000),
    /** Longest a client may take to send one whole request (uploads included); Node's own default. */
    REQUEST_TIMEOUT_MS: positiveInt.default(300_000),
    SHUTDOWN_GRACE_MS: positiveInt.default(10_000),
    /**
     * The port `/metrics` is served on, on HOST (decision 052): never the public PORT. 0 takes any
     * free port (tests).
     */
    METRICS_PORT: z.preprocess(blankIsUnset, metricsPortSchema.default(DEFAULT_METRICS_PORT)),
    CACHE_STORE: z.enum(['redis', 'memory']).default('redis'),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    /** The services' namespace in Redis: the gateway reads the revoked sessions auth writes there. */
    REDIS_KEY_PREFIX: redisKeyPrefix,
    /** Where the admin site settings (CORS origins, feature switches) arrive from. */
    EVENT_BUS: z.enum(['kafka', 'memory']).default('kafka'),
    KAFKA_BROKERS: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .optional(),
    /** The services' namespace on the Kafka cluster (their site-settings topic). */
    KAFKA_TOPIC_PREFIX: kafkaTopicPrefix,
    ...kafkaSecurityShape,
    ...upstreamShape,
  })
  // Run even when other variables are bad, so the one error message lists every problem.
  .superRefine((env, ctx) => checkKafkaSecurity(env, ctx), { when: () => true })
  .refine((env) => env.EVENT_BUS !== 'kafka' || Boolean(env.KAFKA_BROKERS?.length), {
    path: ['KAFKA_BROKERS'],
    message: 'required when EVENT_BUS=kafka',
    when: () => true,
  })
  .refine((env) => env.CACHE_STORE !== 'redis' || Boolean(env.REDIS_URL), {
    path: ['REDIS_URL'],
    message: 'required when CACHE_STORE=redis',
    // Run even when other variables are bad, so the one error message lists every problem.
    when: () => true,
  });

export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

/** Each upstream's origin; of a list (NOTIFICATIONS_URL), its first: health probes and API documents ask that one. */
export function upstreamsFromEnv(env: GatewayEnv): Upstreams {
  return Object.fromEntries(
    (Object.keys(upstreamVariables) as UpstreamName[]).map((name) => {
      const value = env[upstreamVariables[name]];
      return [name, Array.isArray(value) ? value[0]! : value];
    }),
  ) as Upstreams;
}
