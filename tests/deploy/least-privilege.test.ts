/**
 * Each Kora process gets only what it uses (decision 054), read from the deployment files
 * (deployment-files.ts) and held against the code:
 * - Secrets: one per process, holding only keys its configuration schema reads, each referenced by
 *   name; the keys that open the most (the token-signing secret, Paystack's key, the first admin's
 *   password, the mail server, the bucket's keys) stay with their readers, in compose too; each
 *   template plus config.env is a configuration the process accepts.
 * - NetworkPolicies: everything refused by default; each process lets in only its callers (the
 *   calls found in the services' code) and Prometheus, and lets out only DNS, its callees and its
 *   servers; the internet only for the processes that need it, never the cloud's metadata address.
 * - Two pods and a PodDisruptionBudget for auth and wallet; a ServiceMonitor for every process,
 *   never through a public port; alerts on metrics the code defines, checked by promtool when it is
 *   installed; an HTTPRoute beside the Ingress.
 * - Media on object storage by default, on a ReadWriteMany volume with components/local-media, and
 *   an S3 server in compose's `s3` profile.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, requireServers, serviceEnvSchema } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { gatewayEnvSchema, upstreamVariables } from '../../gateway/src/config.js';
import { adminEnvSchema } from '../../services/admin/src/config.js';
import { authEnvSchema } from '../../services/auth/src/config.js';
import { ARCHIVE_SOURCES } from '../../services/media/src/archive/sources.js';
import { mediaEnvSchema, parseMediaConfig } from '../../services/media/src/config.js';
import { loadNotificationsConfig, notificationsEnvSchema } from '../../services/notifications/src/config.js';
import { postsEnvSchema } from '../../services/posts/src/config.js';
import { loadWalletConfig, walletEnvSchema } from '../../services/wallet/src/config.js';
import {
  METRICS_ON_OWN_PORT,
  PROCESSES,
  ROOT,
  SERVICES,
  compose,
  componentFiles,
  configEnv,
  container,
  deployment,
  k8sEnv,
  migrateContainer,
  ofKind,
  podsSelectedBy,
  present,
  secretExamples,
  secretReferences,
  selectorMatches,
  service,
  servicePort,
  type Container,
  type ManifestOf,
  type NetworkPeer,
  type NetworkPort,
} from './deployment-files.js';

const WORKLOADS = [...PROCESSES, 'migrate'];
const workload = (name: string): Container => (name === 'migrate' ? migrateContainer() : container(name));

// ---------------------------------------------------------------------------------------------
// What each process reads: the keys of its configuration schemas

/** The variable names a zod object schema reads (through a `.transform()` too). */
function keysOf(schema: unknown): string[] {
  const shaped = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown } } };
  if (shaped.shape) return Object.keys(shaped.shape);
  if (shaped._zod?.def?.in) return keysOf(shaped._zod.def.in);
  throw new Error('not an object schema');
}

/** Each service's own schema, on top of the platform's (shared/platform/src/config.ts). */
const OWN_SCHEMAS: Record<string, unknown> = {
  auth: authEnvSchema,
  admin: adminEnvSchema,
  media: mediaEnvSchema,
  notifications: notificationsEnvSchema,
  posts: postsEnvSchema,
  wallet: walletEnvSchema,
};

function reads(name: string): Set<string> {
  if (SERVICES.includes(name)) return new Set([...keysOf(serviceEnvSchema), ...(OWN_SCHEMAS[name] ? keysOf(OWN_SCHEMAS[name]) : [])]);
  if (name === 'gateway') return new Set(keysOf(gatewayEnvSchema));
  // web/app/utils/env.server.ts and web/server/main.ts: the identity secret is its only secret.
  if (name === 'web') {
    return new Set([
      'NODE_ENV',
      'GATEWAY_URL',
      'INTERNAL_SECRET',
      'PUBLIC_SITE_NAME',
      'KORA_TIME_ZONE',
      'WEB_HOST',
      'WEB_PORT',
      'METRICS_PORT',
    ]);
  }
  // scripts/run/migrate.ts.
  if (name === 'migrate') return new Set(['DB_DRIVER', 'DATABASE_URL', 'PGLITE_DIR']);
  throw new Error(`no process ${name}`);
}

/** The keys that open the most, and the only processes that may hold them. */
const HOLDERS: Record<string, string[]> = {
  INTERNAL_SECRET: [...PROCESSES],
  // Whoever holds it can mint a token for any member.
  ACCESS_TOKEN_SECRET: ['auth', 'gateway'],
  DATABASE_URL: [...SERVICES, 'migrate'],
  PAYSTACK_SECRET_KEY: ['wallet'],
  KORA_ADMIN_PASSWORD: ['auth'],
  SMTP_URL: ['admin', 'auth', 'notifications'],
  VAPID_PRIVATE_KEY: ['notifications'],
  S3_SECRET_ACCESS_KEY: ['media'],
  OPENSEARCH_URL: ['posts'],
};

const k8sHolders = (key: string) => WORKLOADS.filter((name) => secretReferences(workload(name)).some((ref) => ref.key === key)).sort();
const composeHolders = (key: string) =>
  WORKLOADS.filter((name) => key in present(compose.services[name], `compose ${name}`).environment).sort();

describe('Secrets: one per process, holding only what it reads', () => {
  it.each(WORKLOADS)('%s: takes each key by name from its own Secret, only keys its configuration reads', (name) => {
    const c = workload(name);
    expect(
      (c.envFrom ?? []).filter((from) => from.secretRef),
      'no whole Secret: a key added to it later would reach the pod',
    ).toEqual([]);
    const refs = secretReferences(c);
    expect(refs.length).toBeGreaterThan(0);
    const readable = reads(name);
    for (const ref of refs) {
      expect(ref.secret, `${ref.key} comes from the process's own Secret`).toBe(`kora-${name}`);
      expect(ref.variable).toBe(ref.key);
      expect(readable.has(ref.key), `${name} reads ${ref.key}`).toBe(true);
    }
    const example = present(secretExamples.get(`kora-${name}`), `Secret kora-${name} in secret.example.yaml`);
    expect(Object.keys(example).sort(), 'the template holds exactly the keys the pod takes').toEqual(refs.map((r) => r.key).sort());
  });

  it('has a template for every process and nothing else', () => {
    expect([...secretExamples.keys()].sort()).toEqual(WORKLOADS.map((name) => `kora-${name}`).sort());
  });

  it.each(Object.keys(HOLDERS))('%s: only its readers hold it, on Kubernetes and in compose', (key) => {
    expect(k8sHolders(key)).toEqual([...HOLDERS[key]!].sort());
    expect(composeHolders(key)).toEqual(k8sHolders(key));
  });

  it('compose gives no process a secret its Kubernetes Deployment does not get', () => {
    const secretKeys = new Set([...secretExamples.values()].flatMap((example) => Object.keys(example)));
    for (const key of secretKeys) {
      const onKubernetes = k8sHolders(key);
      for (const name of composeHolders(key)) expect(onKubernetes, `compose gives ${name} ${key}`).toContain(name);
    }
  });

  it.each([...SERVICES, 'gateway'])('%s: config.env and its Secret template make a configuration it accepts', (name) => {
    const env = Object.fromEntries(k8sEnv(container(name), { examples: true }));
    if (name === 'gateway') {
      loadConfig(gatewayEnvSchema, env);
      return;
    }
    loadConfig(requireServers(serviceEnvSchema), env);
    if (name === 'media') expect(parseMediaConfig(env).MEDIA_STORAGE).toBe('s3');
    else if (name === 'wallet') expect(loadWalletConfig(env).provider).toBe('paystack');
    else if (name === 'notifications') loadNotificationsConfig(env);
    else if (OWN_SCHEMAS[name]) loadConfig(OWN_SCHEMAS[name] as Parameters<typeof loadConfig>[0], env);
  });
});

// ---------------------------------------------------------------------------------------------
// Who calls whom: the gateway every upstream, the web app the gateway, and the services' internal
// calls as their code makes them (ctx.callService).

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'test-support.ts' ? [full] : [];
  });
}

/** Calls whose target is a variable, and the services it can name. */
const INDIRECT_CALLS: Record<string, readonly string[]> = {
  'services/media/src/archive/build-archive.ts': ARCHIVE_SOURCES,
  // The targets are the literals it passes to `ask`.
  'services/admin/src/stats/dashboard.ts': [],
};

function serviceCalls(name: string): string[] {
  const targets = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, 'services', name, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('callService(')) continue;
    for (const [, word] of text.matchAll(/'([a-z-]+)'/g)) if (SERVICES.includes(word!) && word !== name) targets.add(word!);
    if (/callService\(\s*[A-Za-z_]/.test(text)) {
      const relative = path.relative(ROOT, file);
      const indirect = present(
        INDIRECT_CALLS[relative],
        `${relative} calls a service named by a variable: list what it can name in INDIRECT_CALLS`,
      );
      for (const target of indirect) targets.add(target);
    }
  }
  return [...targets].sort();
}

const CALLS: Record<string, string[]> = {
  ...Object.fromEntries(SERVICES.map((name) => [name, serviceCalls(name)])),
  gateway: Object.keys(upstreamVariables).sort(),
  web: ['gateway'],
  migrate: [],
};
const callersOf = (name: string) => WORKLOADS.filter((caller) => CALLS[caller]!.includes(name)).sort();

// ---------------------------------------------------------------------------------------------
// NetworkPolicies

const policies = ofKind('NetworkPolicy');
function policyOf(name: string): ManifestOf<'NetworkPolicy'> {
  const found = policies.filter((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === name);
  expect(found, `one NetworkPolicy selects ${name}`).toHaveLength(1);
  return found[0]!;
}

/** A pod of this namespace named by `app.kubernetes.io/name`, or undefined for any other peer. */
const podName = (peer: NetworkPeer) =>
  peer.namespaceSelector || peer.ipBlock ? undefined : peer.podSelector?.matchLabels?.['app.kubernetes.io/name'];
const covers = (ports: NetworkPort[] | undefined, port: number, protocol = 'TCP') =>
  (ports ?? []).some(
    (p) => (p.protocol ?? 'TCP') === protocol && typeof p.port === 'number' && port >= p.port && port <= (p.endPort ?? p.port),
  );
const namespaceOf = (peer: NetworkPeer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
const metricsPort = (name: string) =>
  METRICS_ON_OWN_PORT.includes(name)
    ? present(
        container(name).ports.find((p) => p.name === 'metrics'),
        `${name}: a port named metrics`,
      ).containerPort
    : servicePort(name);

/** Every (peer, port) a policy's rules allow, one pair each. */
function allowed(rules: { peers?: NetworkPeer[]; ports?: NetworkPort[] }[], what: string) {
  return rules.flatMap((rule) => {
    expect(rule.peers?.length, `${what}: every rule names its peers (none = anybody)`).toBeGreaterThan(0);
    expect(rule.ports?.length, `${what}: every rule names its ports (none = all)`).toBeGreaterThan(0);
    return rule.peers!.map((peer) => ({ peer, ports: rule.ports! }));
  });
}
const ingressOf = (name: string) =>
  allowed(
    (policyOf(name).spec.ingress ?? []).map((r) => ({ peers: r.from, ports: r.ports })),
    `${name} ingress`,
  );
const egressOf = (name: string) =>
  allowed(
    (policyOf(name).spec.egress ?? []).map((r) => ({ peers: r.to, ports: r.ports })),
    `${name} egress`,
  );
const reaches = (name: string, port: number, protocol = 'TCP') =>
  egressOf(name).some(({ peer, ports }) => !podName(peer) && covers(ports, port, protocol));

describe('NetworkPolicies: each process talks to what it uses, nothing else', () => {
  it('refuses everything to every pod of the namespace unless a policy of its own lets it', () => {
    const defaults = policies.filter((p) => !p.spec.podSelector.matchLabels && !p.spec.podSelector.matchExpressions);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]!.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    expect(defaults[0]!.spec.ingress ?? []).toEqual([]);
    expect(defaults[0]!.spec.egress ?? []).toEqual([]);
  });

  it('finds the internal calls in the code', () => {
    expect(CALLS.auth).toEqual(['media', 'settings']);
    expect(CALLS.admin).toEqual(['auth', 'posts']);
    expect(CALLS.media).toContain('wallet');
  });

  it.each(WORKLOADS)('%s: one policy for ingress and egress, selecting its pods alone', (name) => {
    const policy = policyOf(name);
    expect(policy.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    if (name !== 'migrate') expect(podsSelectedBy(policy.spec.podSelector.matchLabels!)).toEqual([name]);
  });

  it.each(PROCESSES)('%s: lets in its callers on its port and Prometheus on its metrics port, nobody else', (name) => {
    const port = servicePort(name);
    const ingress = ingressOf(name);
    const callers = ingress.filter(({ peer, ports }) => podName(peer) && covers(ports, port)).map(({ peer }) => podName(peer)!);
    expect(callers.sort(), 'pods let in').toEqual(callersOf(name));
    for (const { peer, ports } of ingress) {
      if (podName(peer)) continue;
      const namespace = namespaceOf(peer);
      expect(peer.ipBlock, `${name}: peers by label, not by address`).toBeUndefined();
      if (namespace === 'monitoring') {
        expect(ports.map((p) => p.port)).toEqual([metricsPort(name)]);
      } else {
        // The public traffic: the ingress controller's namespace, to the gateway's traffic port only.
        expect(name, `${name} lets in namespace ${namespace}`).toBe('gateway');
        expect(ports.map((p) => p.port)).toEqual([port]);
      }
    }
    expect(
      ingress.some(({ peer, ports }) => namespaceOf(peer) === 'monitoring' && covers(ports, metricsPort(name))),
      'Prometheus is let in',
    ).toBe(true);
  });

  it.each(WORKLOADS)('%s: lets out DNS, the siblings it calls on their ports, and its servers', (name) => {
    const egress = egressOf(name);
    expect(reaches(name, 53, 'UDP') && reaches(name, 53, 'TCP'), 'cluster DNS').toBe(true);
    const callees = egress.filter(({ peer }) => podName(peer));
    expect([...new Set(callees.map(({ peer }) => podName(peer)))].sort(), 'pods let out to').toEqual(CALLS[name]);
    for (const { peer, ports } of callees) expect(ports.map((p) => p.port)).toEqual([servicePort(podName(peer)!)]);
    const database = SERVICES.includes(name) || name === 'migrate';
    expect(reaches(name, 5432), 'PostgreSQL').toBe(database);
    expect(reaches(name, 6379), 'Redis').toBe(SERVICES.includes(name) || name === 'gateway');
    expect(reaches(name, 9092), 'Kafka').toBe(SERVICES.includes(name) || name === 'gateway');
  });

  it('lets out to the internet only the processes that need it, never to the cloud metadata address', () => {
    const NEED: Record<string, number[]> = {
      wallet: [443], // Paystack
      media: [443], // object storage
      notifications: [25, 443, 465, 587], // web push, the digest mail
      auth: [25, 465, 587], // mail
      admin: [25, 465, 587], // mail
    };
    for (const name of WORKLOADS) {
      const internet = egressOf(name).filter(({ peer }) => peer.ipBlock?.cidr === '0.0.0.0/0' || peer.ipBlock?.cidr === '::/0');
      const ports = [...new Set(internet.flatMap(({ ports }) => ports.map((p) => Number(p.port))))].sort((a, b) => a - b);
      expect(ports, `${name}: ports open to the internet`).toEqual(NEED[name] ?? []);
      for (const { peer } of internet) {
        const except = peer.ipBlock!.except ?? [];
        if (peer.ipBlock!.cidr === '0.0.0.0/0')
          for (const range of ['169.254.0.0/16', '10.0.0.0/8', '127.0.0.0/8']) expect(except).toContain(range);
        else expect(except).toContain('fc00::/7');
      }
    }
  });

  it('migrate: nothing in, DNS and PostgreSQL out', () => {
    expect(policyOf('migrate').spec.ingress ?? []).toEqual([]);
    const ports = egressOf('migrate').flatMap(({ ports }) => ports.map((p) => Number(p.port)));
    expect([...new Set(ports)].sort((a, b) => a - b)).toEqual([53, 5432]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('availability: auth and wallet', () => {
  it.each(['auth', 'wallet'])('%s: runs two pods or more, behind a PodDisruptionBudget', (name) => {
    expect(deployment(name).spec.replicas).toBeGreaterThanOrEqual(2);
    const budgets = ofKind('PodDisruptionBudget').filter((pdb) => podsSelectedBy(pdb.spec.selector.matchLabels).includes(name));
    expect(budgets).toHaveLength(1);
  });
});

describe('monitoring (components/prometheus)', () => {
  const prometheus = componentFiles('prometheus');
  const monitors = prometheus.ofKind('ServiceMonitor');

  it.each(PROCESSES)('%s: one ServiceMonitor scrapes /metrics, on a port the public never reaches', (name) => {
    const s = service(name);
    const found = monitors.filter((m) => selectorMatches(m.spec.selector, s.metadata.labels));
    expect(found, `ServiceMonitors selecting Service ${name}`).toHaveLength(1);
    const endpoints = found[0]!.spec.endpoints;
    expect(endpoints).toHaveLength(1);
    const endpoint = endpoints[0]!;
    expect(endpoint.path).toBe('/metrics');
    const port = present(
      s.spec.ports.find((p) => p.name === endpoint.port),
      `Service ${name} has port ${endpoint.port}`,
    );
    expect(port.port).toBe(metricsPort(name));
    if (METRICS_ON_OWN_PORT.includes(name)) {
      expect(endpoint.port, 'the public port never answers /metrics').toBe('metrics');
      expect(k8sEnv(container(name)).get('METRICS_PORT'), 'METRICS_PORT tells the process where').toBe(String(port.port));
    } else {
      expect(endpoint.port).toBe('http');
    }
  });

  it('alerts on error rate, p99, consumer lag, outbox backlog and failed jobs, on metrics the code defines', () => {
    const rules = prometheus.ofKind('PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g) => g.rules));
    const exprs = rules.map((rule) => rule.expr).join('\n');
    const metricsSource = fs
      .readdirSync(path.join(ROOT, 'shared/platform/src/metrics'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => fs.readFileSync(path.join(ROOT, 'shared/platform/src/metrics', file), 'utf8'))
      .join('\n');
    for (const metric of [
      'http_server_requests_seconds',
      'kora_kafka_consumer_lag',
      'kora_outbox_backlog',
      'kora_queue_jobs_failed_total',
    ]) {
      expect(metricsSource, `${metric} is defined in shared/platform/src/metrics`).toContain(`'${metric}'`);
      expect(exprs, `an alert reads ${metric}`).toContain(metric);
    }
    expect(exprs).toMatch(/http_server_requests_seconds_count\{[^}]*status=~"5\.\."/);
    expect(exprs).toMatch(/histogram_quantile\(0\.99,[\s\S]*http_server_requests_seconds_bucket/);
    for (const rule of rules) {
      expect(rule.alert, rule.expr).toMatch(/^Kora[A-Z]\w+$/);
      expect(rule.labels?.severity, rule.alert).toMatch(/^(warning|critical)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
  it.skipIf(!promtool)('the alert rules pass promtool check rules (queries and templates)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-rules-'));
    try {
      const file = path.join(dir, 'rules.yaml');
      fs.writeFileSync(file, stringify({ groups: prometheus.ofKind('PrometheusRule').flatMap((r) => r.spec.groups) }));
      const check = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Gateway API (components/gateway-api)', () => {
  it('routes the Ingress hosts to the gateway Service, on its traffic port', () => {
    const routes = componentFiles('gateway-api').ofKind('HTTPRoute');
    expect(routes).toHaveLength(1);
    const route = routes[0]!;
    expect(route.apiVersion).toBe('gateway.networking.k8s.io/v1');
    expect(route.spec.parentRefs.length).toBeGreaterThan(0);
    const hosts = ofKind('Ingress').flatMap((ingress) => ingress.spec.rules.map((rule) => rule.host));
    expect(route.spec.hostnames).toEqual(hosts);
    const backends = route.spec.rules.flatMap((rule) => rule.backendRefs);
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) expect(backend).toEqual({ name: 'gateway', port: servicePort('gateway') });
  });
});

// ---------------------------------------------------------------------------------------------

/** A compose value with its `${NAME:-default}` (and `${NAME-default}`) references resolved from `vars`. */
const interpolate = (value: unknown, vars: Record<string, string>) =>
  String(value).replace(/\$\{(\w+)(:?-)([^}]*)\}/g, (_, name: string, operator: string, fallback: string) => {
    const given = vars[name];
    return given === undefined || (operator === ':-' && given === '') ? fallback : given;
  });

describe('media storage', () => {
  it('Kubernetes: object storage by default, the bucket in config.env, its keys in the media Secret alone', () => {
    const env = Object.fromEntries(k8sEnv(container('media'), { examples: true }));
    const config = parseMediaConfig(env);
    expect(config.MEDIA_STORAGE).toBe('s3');
    expect(config.S3_BUCKET).toBeTruthy();
    expect(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY).toBeTruthy();
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(k8sHolders(key)).toEqual(['media']);
    expect(
      deployment('media').spec.template.spec.volumes.map((v) => v.name),
      'no volume but /tmp',
    ).toEqual(['tmp']);
  });

  it('Kubernetes with components/local-media: the ReadWriteMany volume at MEDIA_DIR', () => {
    const local = componentFiles('local-media');
    const patch = present(local.patchOf('Deployment', 'media'), 'the media patch');
    const patched = present(patch.spec.template.spec.containers[0], 'its container');
    expect(patched.name).toBe('media');
    const patchEnv = Object.fromEntries((patched.env ?? []).map((e) => [e.name, String(e.value)]));
    const config = parseMediaConfig({ ...Object.fromEntries(k8sEnv(container('media'), { examples: true })), ...patchEnv });
    expect(config.MEDIA_STORAGE).toBe('disk');
    const mount = present(
      patched.volumeMounts.find((m) => m.mountPath === config.MEDIA_DIR),
      'a volume at MEDIA_DIR',
    );
    const claimName = patch.spec.template.spec.volumes.find((v) => v.name === mount.name)?.persistentVolumeClaim?.claimName;
    const claim = present(
      local.ofKind('PersistentVolumeClaim').find((p) => p.metadata.name === claimName),
      `PersistentVolumeClaim ${claimName}`,
    );
    expect(claim.spec.accessModes).toContain('ReadWriteMany');
  });

  it('compose: the volume by default; with the s3 profile an S3 server that takes the media keys', () => {
    const media = present(compose.services.media, 'compose media');
    const s3 = present(compose.services.s3, 'compose s3');
    const configWith = (vars: Record<string, string>) =>
      parseMediaConfig(Object.fromEntries(Object.entries(media.environment).map(([key, value]) => [key, interpolate(value, vars)])));
    expect(configWith({}).MEDIA_STORAGE).toBe('disk');
    const keys = { S3_ACCESS_KEY_ID: 'kora', S3_SECRET_ACCESS_KEY: 'a-local-secret' };
    const onS3 = configWith({ MEDIA_STORAGE: 's3', ...keys });
    expect(onS3).toMatchObject({ MEDIA_STORAGE: 's3', S3_FORCE_PATH_STYLE: true, MEDIA_DELIVERY: 'proxy', ...keys });
    expect(new URL(onS3.S3_ENDPOINT!).hostname).toBe('s3');
    expect(interpolate(s3.environment.S3PROXY_IDENTITY, keys)).toBe(keys.S3_ACCESS_KEY_ID);
    expect(interpolate(s3.environment.S3PROXY_CREDENTIAL, keys)).toBe(keys.S3_SECRET_ACCESS_KEY);
    expect(new URL(String(s3.environment.S3PROXY_ENDPOINT)).port || '80').toBe(new URL(onS3.S3_ENDPOINT!).port || '80');
    // Media waits for the S3 server when the profile runs it, and starts without it otherwise.
    expect(media.depends_on.s3).toEqual({ condition: 'service_healthy', required: false });
  });

  it('config.env names the storage the code reads', () => {
    for (const key of ['MEDIA_STORAGE', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_FORCE_PATH_STYLE', 'MEDIA_DELIVERY']) {
      expect(configEnv, key).toHaveProperty(key);
      expect(keysOf(mediaEnvSchema)).toContain(key);
    }
  });
});
