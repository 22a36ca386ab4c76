// The Kora processes as Kubernetes runs them: one row each, read by k8s/generate.mjs. What differs
// from process to process is here and only here: ports, replicas, resources, the Secret keys each
// reads, the siblings it calls and the servers outside the cluster it reaches.

/** The image every process runs; kustomization.yaml `images:` sets the real name and tag. */
export const IMAGE = 'kora/app';
/** Seconds the pod keeps serving after it is marked terminating, so endpoints drain first. */
export const PRE_STOP_SLEEP_SECONDS = 5;
/** Above preStop sleep + SHUTDOWN_GRACE_MS (10 s, config.env) + margin. */
export const TERMINATION_GRACE_SECONDS = 30;

const SERVICE_RESOURCES = { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1', memory: '512Mi' } };

/**
 * Where the gateway and the web app serve /metrics (decision 052): a port of their own, since
 * their main port answers the public (a service's /metrics is on its own internal port).
 */
const METRICS_PORT = { name: 'metrics', port: 9464, env: 'METRICS_PORT' };

/**
 * What every service's platform config reads from its Secret (shared/platform/src/config.ts):
 * the identity secret, the database and Redis, and Kafka's SASL user when the cluster wants one.
 * ACCESS_TOKEN_SECRET is not among them: only auth (which mints tokens) and the gateway (which
 * checks them) hold it, so no other pod can mint a token.
 */
const PLATFORM_SECRETS = ['INTERNAL_SECRET', 'DATABASE_URL', 'REDIS_URL'];
const KAFKA_SASL = ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'];
/**
 * The servers every service talks to (names of OUTSIDE_SERVERS in network.mjs); `otlp` only when
 * traces are exported.
 */
const PLATFORM_SERVERS = ['postgres', 'redis', 'kafka', 'otlp'];

/**
 * name: Deployment, Service, container, NetworkPolicy name (and the DNS name the *_URL variables
 *       point at); its Secret is `kora-<name>`.
 * port: the container port, also the Service port, so `http://<name>:<port>` is the same URL in
 *       docker-compose.yml and on Kubernetes.
 * replicas: omitted for Deployments an HPA scales (hpa.yaml), so `kubectl apply` never fights it.
 * secrets: keys of its Secret it must have; optionalSecrets: keys it gets when the Secret has them.
 *          Each pod references its keys one by one, so a key added to a Secret by mistake reaches
 *          no process.
 * calls: siblings whose internal API it calls (their ingress and its egress allow it).
 * reaches: servers outside the cluster (network.mjs OUTSIDE_SERVERS).
 * metrics: where Prometheus scrapes /metrics when not on the `http` port.
 */
/** The services and their ports. */
const SERVICE_PORTS = [
  ['auth', 4001],
  ['friends', 4002],
  ['posts', 4003],
  ['media', 4004],
  ['stories-reels', 4005],
  ['groups', 4006],
  ['wallet', 4007],
  ['settings', 4008],
  ['notifications', 4009],
  ['admin', 4010],
  ['messages', 4011],
];

export const PROCESSES = [
  ...SERVICE_PORTS.map(([name, port]) => ({
    name,
    component: 'service',
    port,
    portEnv: 'PORT',
    entry: `services/${name}/src/server.ts`,
    readinessPath: '/readyz',
    replicas: 1,
    secrets: PLATFORM_SECRETS,
    optionalSecrets: KAFKA_SASL,
    calls: [],
    reaches: PLATFORM_SERVERS,
    resources: SERVICE_RESOURCES,
    tmpSize: '256Mi',
  })),
  {
    name: 'web',
    component: 'web',
    port: 3000,
    portEnv: 'WEB_PORT',
    entry: 'web/server/main.ts',
    // The web app has no dependency of its own to check (it calls the gateway per request) and
    // serves /healthz only.
    readinessPath: '/healthz',
    replicas: 2,
    secrets: ['INTERNAL_SECRET'],
    optionalSecrets: [],
    calls: ['gateway'],
    reaches: [],
    metrics: METRICS_PORT,
    resources: { requests: { cpu: '100m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    tmpSize: '256Mi',
  },
  {
    name: 'gateway',
    component: 'gateway',
    port: 8080,
    portEnv: 'PORT',
    entry: 'gateway/src/server.ts',
    readinessPath: '/readyz',
    // The edge gets only what it uses: no database credentials; Kafka's for the site settings.
    secrets: ['INTERNAL_SECRET', 'ACCESS_TOKEN_SECRET', 'REDIS_URL'],
    optionalSecrets: KAFKA_SASL,
    // Every service, and the web app for pages.
    calls: [...SERVICE_PORTS.map(([name]) => name), 'web'],
    reaches: ['redis', 'kafka', 'otlp'],
    // Taken from the ingress controller (and the web app, whose loaders call it).
    edge: true,
    metrics: METRICS_PORT,
    resources: { requests: { cpu: '200m', memory: '256Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    tmpSize: '256Mi',
  },
];

/** Per-process differences from the rows above. */
const OVERRIDES = {
  // Two pods, each behind a PodDisruptionBudget (pdb.yaml): sign-in and payments stay up through a
  // node drain. Both are safe to run twice (the first admin and debits take database locks).
  auth: {
    replicas: 2,
    secrets: [...PLATFORM_SECRETS, 'ACCESS_TOKEN_SECRET'],
    optionalSecrets: [...KAFKA_SASL, 'SMTP_URL', 'TWO_STEP_KEY', 'KORA_ADMIN_EMAIL', 'KORA_ADMIN_USERNAME', 'KORA_ADMIN_PASSWORD'],
    // Avatars and covers are stored by media; the admin profile's time zone is the settings'.
    calls: ['media', 'settings'],
    reaches: [...PLATFORM_SERVERS, 'smtp'],
  },
  wallet: {
    replicas: 2,
    optionalSecrets: [...KAFKA_SASL, 'PAYSTACK_SECRET_KEY', 'PAYMENTS_SANDBOX_SECRET'],
    reaches: [...PLATFORM_SERVERS, 'paystack'],
  },
  // HPA-scaled (hpa.yaml).
  posts: { replicas: undefined, optionalSecrets: [...KAFKA_SASL, 'OPENSEARCH_URL'], reaches: [...PLATFORM_SERVERS, 'opensearch'] },
  notifications: {
    replicas: undefined,
    optionalSecrets: [...KAFKA_SASL, 'SMTP_URL', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    // The daily digest by mail; web pushes to the browsers' push services.
    reaches: [...PLATFORM_SERVERS, 'smtp', 'webPush'],
  },
  // The dashboard's counts are auth's and posts'.
  admin: { optionalSecrets: [...KAFKA_SASL, 'SMTP_URL'], calls: ['auth', 'posts'], reaches: [...PLATFORM_SERVERS, 'smtp'] },
  // Story uploads and reel videos are media's.
  'stories-reels': { calls: ['media'] },
  // Transcodes with ffmpeg: more CPU and memory, room in /tmp. Media lives in object storage
  // (MEDIA_STORAGE=s3, config.env); components/local-media switches to the shared volume.
  media: {
    resources: { requests: { cpu: '250m', memory: '512Mi' }, limits: { cpu: '2', memory: '2Gi' } },
    tmpSize: '4Gi',
    optionalSecrets: [...KAFKA_SASL, 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    // A member's data archive asks each service for its share (services/media/src/archive/sources.ts).
    calls: ['auth', 'settings', 'posts', 'stories-reels', 'friends', 'groups', 'notifications', 'wallet'],
    reaches: [...PLATFORM_SERVERS, 's3'],
  },
};
for (const proc of PROCESSES) Object.assign(proc, OVERRIDES[proc.name]);

/** The migrate Job (scripts/migrate.mjs): the database, nothing else. */
export const MIGRATE = {
  name: 'migrate',
  component: 'migration',
  argv: ['node', 'scripts/migrate.mjs'],
  secrets: ['DATABASE_URL'],
  optionalSecrets: [],
  calls: [],
  reaches: ['postgres'],
  resources: SERVICE_RESOURCES,
  tmpSize: '256Mi',
};

/** The Secret a process (or the migrate Job) reads its keys from. */
export const secretName = (proc) => `kora-${proc.name}`;
