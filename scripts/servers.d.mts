// Types for the parts of scripts/servers.mjs that TypeScript tests import.
export interface ServersResult {
  env: {
    DATABASE_URL?: string;
    REDIS_URL?: string;
    KAFKA_BROKERS?: string;
    OPENSEARCH_URL?: string;
    S3_ENDPOINT?: string;
    S3_REGION?: string;
    S3_ACCESS_KEY_ID?: string;
    S3_SECRET_ACCESS_KEY?: string;
    S3_FORCE_PATH_STYLE?: string;
  };
  started: string[];
  reused: string[];
  external: string[];
  /** Each server's status; `pid` when this script runs it (started or reused), not for external ones. */
  servers: {
    name: 'postgres' | 'redis' | 'kafka' | 'opensearch' | 's3proxy';
    status: 'started' | 'running' | 'external';
    url: string;
    pid?: number;
    port?: number;
  }[];
}
export function startServers(options?: {
  only?: string[] | string;
  fresh?: boolean;
  setEnv?: boolean;
  quiet?: boolean;
}): Promise<ServersResult>;
export function stopServers(options?: { only?: string[] | string; quiet?: boolean }): Promise<string[]>;
export function startKafka(options?: { fresh?: boolean; timeoutMs?: number }): Promise<unknown>;
export function stopKafka(options?: { timeoutMs?: number; signal?: 'SIGTERM' | 'SIGKILL'; strict?: boolean }): Promise<unknown>;
export function canRestartKafka(): boolean;
export type KafkaSaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';
export interface KafkaAuthListener {
  broker: string;
  users: Record<KafkaSaslMechanism, { username: string; password: string }>;
}
export function kafkaAuthListeners(): { sasl: KafkaAuthListener; tls: (KafkaAuthListener & { caFile: string }) | null } | null;
export function findPostgresBinDir(): string;
export function serversStatus(options?: {
  only?: string[] | string;
}): { name: string; status: 'running' | 'stopped' | 'external'; url?: string; pid?: number; port?: number; logFile?: string }[];
export function startRedis(options?: { fresh?: boolean; timeoutMs?: number }): Promise<unknown>;
export function startPostgres(options?: { fresh?: boolean; timeoutMs?: number }): Promise<unknown>;
