/**
 * The web app's configuration, read from process.env once and validated with zod so a bad
 * deployment fails at start with the full list of problems instead of at the first request.
 */
import { z } from 'zod';

/**
 * Development-only shared secret for the gateway → web identity header. It is spelled out here
 * (rather than hidden in a fallback) so nobody mistakes it for a real secret; production refuses it.
 */
export const DEV_INTERNAL_SECRET = 'dev-internal-secret-change-me';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Where loaders and actions reach the API: the gateway, never a service directly. */
    GATEWAY_URL: z.url().default('http://127.0.0.1:8080'),
    /** Verifies the identity header the gateway signs (see @kora/platform/identity). */
    INTERNAL_SECRET: z.string().min(16).optional(),
    PUBLIC_SITE_NAME: z.string().min(1).default('Kora'),
    /** Whose calendar "today" and transaction dates use (the wallet's filters): the services' KORA_TIME_ZONE. */
    KORA_TIME_ZONE: z.string().trim().default('Africa/Lagos').refine(isTimeZone, 'must be an IANA time zone such as Africa/Lagos'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.INTERNAL_SECRET || env.INTERNAL_SECRET === DEV_INTERNAL_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['INTERNAL_SECRET'],
        message: 'must be set to a real secret when NODE_ENV=production',
      });
    }
  })
  .transform((env) => ({
    ...env,
    INTERNAL_SECRET: env.INTERNAL_SECRET ?? DEV_INTERNAL_SECRET,
    GATEWAY_URL: env.GATEWAY_URL.replace(/\/+$/, ''),
  }));

export type ServerEnv = z.output<typeof schema>;

/** Pure so it can be unit-tested; throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // Empty strings (e.g. `FOO=` in a compose file) mean "not set", so defaults still apply.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `- ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid environment variables for the web app:\n${lines.join('\n')}`);
  }
  return result.data;
}

export type EnvValues = Record<string, string | undefined>;
/** Values that win over process.env; a function is read when the env is first needed. */
export type EnvOverrides = EnvValues | (() => EnvValues);

let overrides: EnvOverrides = {};
let cached: ServerEnv | undefined;

/**
 * Lets the process that hosts the web app (embedded mode) hand it its configuration without
 * writing to the shared process.env. Called by createWebServer() through the server build's
 * entry module, so it configures the same module instance the routes use.
 */
export function configureServerEnv(values: EnvOverrides): void {
  overrides = values;
  cached = undefined;
}

export function getServerEnv(): ServerEnv {
  cached ??= parseEnv({ ...process.env, ...(typeof overrides === 'function' ? overrides() : overrides) });
  return cached;
}

/** The only values the browser may see; rendered into window.ENV by the root route. */
export function getPublicEnv() {
  return { SITE_NAME: getServerEnv().PUBLIC_SITE_NAME };
}

export type PublicEnv = ReturnType<typeof getPublicEnv>;
