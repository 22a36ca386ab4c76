/**
 * Configuration: every process parses its environment once, against a zod schema, at start-up.
 * A bad or missing variable stops the process with the full list of problems, instead of failing
 * later on the first request that happens to need it.
 *
 * Adapters are chosen by explicit variables (DB_DRIVER, EVENT_BUS, JOB_RUNNER, CACHE_STORE), never
 * by NODE_ENV. A service started on its own defaults to the distributed adapters (production); the
 * embedded launcher sets the embedded ones explicitly.
 */
import fs from 'node:fs';
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(root)';
    const value = env[String(issue.path[0])];
    return value === undefined ? `${name}: ${issue.message} (not set)` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/**
 * For `z.preprocess`: an empty variable means unset, the same as a missing one (compose files and
 * Kubernetes manifests often pass ""), so the schema's default applies.
 */
export const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

const port = z.coerce.number().int().min(0).max(65535);

/** Kafka allows letters, digits, '.', '_' and '-' in names (249 characters in all). */
export const kafkaTopicPrefix = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9._-]*$/, "may only hold letters, digits, '.', '_' and '-'")
  .default('');

/** The namespace of this environment's Redis keys; `:` is BullMQ's own separator, so not in here. */
export const redisKeyPrefix = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, "may only hold letters, digits, '.', '_' and '-'")
  .default('kora');

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * KORA_TIME_ZONE: the IANA zone whose calendar "today" means (memories, the wallet's date filters),
 * default Africa/Lagos, until members have a time zone setting of their own (decision 009).
 */
export const koraTimeZone = z
  .preprocess(blankIsUnset, z.string().trim().default('Africa/Lagos'))
  .refine(isTimeZone, 'must be an IANA time zone such as Africa/Lagos');

const optionalText = z.preprocess(blankIsUnset, z.string().optional());

export const kafkaSaslMechanisms = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

/**
 * How every Kafka connection authenticates (decision 028): TLS, SASL, both (a managed cluster's
 * SASL_SSL) or neither (a broker on a private network). Kafka's own spellings are accepted too
 * (`SCRAM-SHA-512`); blank means unset, as everywhere.
 */
export const kafkaSecurityShape = {
  KAFKA_SSL: z.preprocess(
    blankIsUnset,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  /** PEM file of the CA(s) to trust instead of the system's, for a cluster with a private CA. */
  KAFKA_SSL_CA_FILE: optionalText,
  KAFKA_SASL_MECHANISM: z.preprocess(
    (value) => blankIsUnset(typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(kafkaSaslMechanisms, { error: `must be one of ${kafkaSaslMechanisms.join(', ')}` }).optional(),
  ),
  KAFKA_SASL_USERNAME: optionalText,
  KAFKA_SASL_PASSWORD: optionalText,
};

export type KafkaSecurityEnv = z.infer<z.ZodObject<typeof kafkaSecurityShape>>;

/** The Kafka security variables alone, for tools that open Kafka clients without a service's config. */
export const kafkaSecurityEnvSchema = z.object(kafkaSecurityShape).superRefine((env, ctx) => checkKafkaSecurity(env, ctx));

/**
 * Combinations that could never connect are refused at start, not met as a failed connection later:
 * SASL needs its mechanism, user name and password together; a CA file needs TLS and must be readable.
 */
export function checkKafkaSecurity(env: KafkaSecurityEnv, ctx: z.RefinementCtx): void {
  const problem = (key: keyof KafkaSecurityEnv, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
  const credentials = ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const;
  if (env.KAFKA_SASL_MECHANISM) {
    for (const key of credentials) if (!env[key]) problem(key, `required when KAFKA_SASL_MECHANISM=${env.KAFKA_SASL_MECHANISM}`);
  } else {
    for (const key of credentials) {
      if (env[key]) problem(key, `needs KAFKA_SASL_MECHANISM (${kafkaSaslMechanisms.join(', ')})`);
    }
  }
  const caFile = env.KAFKA_SSL_CA_FILE;
  if (caFile && !env.KAFKA_SSL) problem('KAFKA_SSL_CA_FILE', 'needs KAFKA_SSL=true');
  else if (caFile && !readsAsPemCertificate(caFile)) {
    problem('KAFKA_SSL_CA_FILE', `${caFile} cannot be read or holds no PEM certificate`);
  }
}

function readsAsPemCertificate(file: string): boolean {
  try {
    return fs.readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----');
  } catch {
    return false;
  }
}

/** Variables every service reads; a service extends this with its own. */
export const serviceEnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: port.default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INTERNAL_SECRET: z.string().min(16, 'must be at least 16 characters'),

  DB_DRIVER: z.enum(['postgres', 'pglite']).default('postgres'),
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default('data/pglite'),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** How long a request waits for a free connection of the pool before answering 503. */
  DB_POOL_WAIT_MS: z.coerce.number().int().positive().default(10_000),

  EVENT_BUS: z.enum(['kafka', 'memory']).default('kafka'),
  KAFKA_BROKERS: csv.optional(),
  KAFKA_CLIENT_ID: z.string().default('kora'),
  /** Topics are created by the services; production clusters want 3 replicas, a dev broker has 1. */
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().positive().default(1),
  KAFKA_PARTITIONS: z.coerce.number().int().positive().default(3),
  /**
   * Before every topic and consumer group on the cluster, so two environments (or two test stages)
   * can share one cluster: `staging.` gives `staging.posts.post`. Empty by default.
   */
  KAFKA_TOPIC_PREFIX: kafkaTopicPrefix,
  ...kafkaSecurityShape,

  JOB_RUNNER: z.enum(['bullmq', 'memory']).default('bullmq'),
  CACHE_STORE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().url().optional(),
  /** Before every Redis key (cache, rate limits, revoked sessions) and BullMQ queue; see KAFKA_TOPIC_PREFIX. */
  REDIS_KEY_PREFIX: redisKeyPrefix,

  OUTBOX_POLL_MS: z.coerce.number().int().positive().default(500),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  /** How long a starting process waits for its database and broker to answer before failing. */
  STARTUP_WAIT_MS: z.coerce.number().int().nonnegative().default(60_000),
});

export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/** The servers each distributed adapter needs must be given when that adapter is chosen. */
export function requireServers<T extends ServiceEnv>(schema: z.ZodType<T>) {
  return schema.superRefine((env, ctx) => {
    const need = (cond: boolean, key: keyof ServiceEnv, why: string) => {
      if (cond && !env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `required when ${why}` });
    };
    need(env.DB_DRIVER === 'postgres', 'DATABASE_URL', 'DB_DRIVER=postgres');
    need(env.EVENT_BUS === 'kafka', 'KAFKA_BROKERS', 'EVENT_BUS=kafka');
    need(env.JOB_RUNNER === 'bullmq' || env.CACHE_STORE === 'redis', 'REDIS_URL', 'JOB_RUNNER=bullmq or CACHE_STORE=redis');
    checkKafkaSecurity(env, ctx);
  });
}
