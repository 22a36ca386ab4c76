/**
 * The deployment files agree with each other and with the code: every YAML under k8s/,
 * docker-compose.yml and the Dockerfile, read as files (no cluster, no Docker engine needed).
 *
 * - Kubernetes: exactly one Deployment and one Service per process, ports that line up, probes on
 *   /healthz and /readyz, resources, graceful shutdown, non-root read-only pods, the gateway's
 *   upstream URLs naming real Services, HPAs/PDBs/Ingress/Job pointing at real objects, the
 *   kustomization listing every file, and k8s/apps matching its generator.
 * - Compose: the same processes with the same commands and ports as the Deployments, secrets
 *   required from .env, healthchecks without curl, start order by conditions.
 * - Dockerfile: node:24-bookworm-slim (Node 24 LTS), `node --import tsx` entrypoint, non-root, ffmpeg.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceNames } from '@kora/contracts';
import { kafkaSecurity, kafkaSecurityEnvSchema, loadConfig } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { upstreamVariables } from '../../gateway/src/config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const K8S = path.join(ROOT, 'k8s');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

// ---------------------------------------------------------------------------------------------
// What must be deployed (ARCHITECTURE.md, scripts/run/cluster.mjs)

const SERVICES = [
  'auth',
  'friends',
  'posts',
  'media',
  'stories-reels',
  'groups',
  'wallet',
  'settings',
  'notifications',
  'admin',
  'messages',
];
const PROCESSES = [...SERVICES, 'web', 'gateway'];
const ENTRY: Record<string, string> = {
  ...Object.fromEntries(SERVICES.map((name) => [name, `services/${name}/src/server.ts`])),
  web: 'web/server/main.ts',
  gateway: 'gateway/src/server.ts',
};
/** The variable each process reads its listening port from. */
const PORT_ENV: Record<string, string> = {
  ...Object.fromEntries(SERVICES.map((name) => [name, 'PORT'])),
  web: 'WEB_PORT',
  gateway: 'PORT',
};
/** The web app serves /healthz only (no dependency of its own to be ready for). */
const READINESS_PATH: Record<string, string> = { ...Object.fromEntries(PROCESSES.map((name) => [name, '/readyz'])), web: '/healthz' };
const MIGRATE_ARGV = ['node', 'scripts/migrate.mjs'];
const HPA_TARGETS = ['gateway', 'posts', 'notifications'];

// Parsed YAML is untyped by nature: these types describe only what the checks read. A document
// gets its kind's `spec` type once, where it is picked by kind (ofKind); the checks then hold the
// files to these shapes.
type Labels = Record<string, string>;
type Probe = { httpGet?: { path: string; port: number | string } };
type EnvVar = { name: string; value?: unknown; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } };
type Container = {
  image: string;
  command?: string[];
  args?: string[];
  ports: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds?: number } } };
  resources?: Partial<Record<'requests' | 'limits', Partial<Record<'cpu' | 'memory', string>>>>;
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean; capabilities?: { drop?: string[] } };
  volumeMounts: { name: string; mountPath: string }[];
};
type PodSpec = {
  containers: Container[];
  securityContext: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type?: string } };
  volumes: { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }[];
  terminationGracePeriodSeconds: number;
  restartPolicy?: string;
};
type PodTemplate = { metadata: { labels?: Labels }; spec: PodSpec };
type BackendPort = { name?: string; number?: number };
/** The `spec` of each kind the checks read. */
interface SpecOf {
  Namespace: unknown;
  Secret: unknown;
  Deployment: { replicas?: number; selector: { matchLabels: Labels }; template: PodTemplate };
  Job: { template: PodTemplate };
  Service: { selector: Labels; ports: { name?: string; port: number; targetPort?: number | string }[] };
  Ingress: { rules: { http: { paths: { backend: { service: { name: string; port: BackendPort } } }[] } }[] };
  HorizontalPodAutoscaler: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
  PodDisruptionBudget: { selector: { matchLabels: Labels } };
  PersistentVolumeClaim: { accessModes: string[] };
}
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Record<string, string> };
  spec?: unknown;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};
type ManifestOf<K extends keyof SpecOf> = Manifest & { spec: SpecOf[K] };
type ComposeService = {
  image?: string;
  build?: { context?: string };
  entrypoint?: string[];
  command?: string[];
  environment: Record<string, string | number | boolean>;
  depends_on: Record<string, { condition?: string } | undefined>;
  healthcheck: { test: string[] };
  ports?: (string | number)[];
  volumes: string[];
  restart?: string;
};

// ---------------------------------------------------------------------------------------------
// Loading

function yamlFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

function parseManifests(file: string): Manifest[] {
  const docs = parseAllDocuments(fs.readFileSync(file, 'utf8'));
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    if (doc.errors.length) throw new Error(`${path.relative(ROOT, file)}: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  return list.map((doc) => doc.toJS() as Manifest | null).filter((doc): doc is Manifest => doc !== null);
}

function parseEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${path.relative(ROOT, file)}: not KEY=VALUE: ${line}`);
    env[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return env;
}

const kustomization = parse(fs.readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8')) as {
  namespace: string;
  resources: string[];
  configMapGenerator?: { name: string; envs?: string[] }[];
  images?: { name: string }[];
};
const yamlFiles = yamlFilesUnder(K8S);
const allManifests = yamlFiles.flatMap((file) =>
  file.endsWith('kustomization.yaml') ? [] : parseManifests(file).map((doc) => ({ file, doc })),
);
const deployedFiles = new Set(kustomization.resources.map((resource) => path.join(K8S, resource)));
/** What `kubectl apply -k k8s` sends, minus the generated ConfigMap. */
const deployed = allManifests.filter(({ file }) => deployedFiles.has(file)).map(({ doc }) => doc);
const ofKind = <K extends keyof SpecOf>(kind: K) => deployed.filter((doc) => doc.kind === kind) as ManifestOf<K>[];

const configGenerator = kustomization.configMapGenerator?.find((g) => g.name === 'kora-config');
const configEnv: Record<string, string> = Object.fromEntries(
  (configGenerator?.envs ?? []).flatMap((file) => Object.entries(parseEnvFile(path.join(K8S, file)))),
);

const secretExample = parseManifests(path.join(K8S, 'secret.example.yaml')).find((doc) => doc.kind === 'Secret');
const secretKeys = new Set(Object.keys({ ...secretExample?.stringData, ...secretExample?.data }));

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};

// ---------------------------------------------------------------------------------------------
// Dockerfile

function parseDockerfile(text: string) {
  const lines = text.split('\n');
  const args: Record<string, string> = {};
  const stages: { from: string; lines: string[] }[] = [];
  let heredoc: string | null = null;
  for (const line of lines) {
    if (heredoc) {
      if (line.trim() === heredoc) heredoc = null;
      continue;
    }
    const marker = /<<-?'?"?(\w+)'?"?/.exec(line);
    if (/^\s*RUN\b/.test(line) && marker) heredoc = marker[1]!;
    const arg = /^ARG\s+(\w+)=(\S+)/.exec(line);
    if (arg && stages.length === 0) args[arg[1]!] = arg[2]!.replace(/^"|"$/g, '');
    const from = /^FROM\s+(\S+)/.exec(line);
    if (from) stages.push({ from: from[1]!.replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? ''), lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  const final = stages.at(-1)!;
  const instruction = (name: string) => {
    const found = final.lines.filter((line) => line.startsWith(`${name} `)).at(-1);
    return found?.slice(name.length + 1).trim();
  };
  const execForm = (name: string) => {
    const value = instruction(name);
    if (!value?.startsWith('[')) throw new Error(`Dockerfile ${name} must use the exec (JSON array) form, got: ${value}`);
    return JSON.parse(value) as string[];
  };
  return { stages, final, entrypoint: execForm('ENTRYPOINT'), cmd: execForm('CMD'), user: instruction('USER') };
}

const dockerfileText = read('Dockerfile');
const dockerfile = parseDockerfile(dockerfileText);

// ---------------------------------------------------------------------------------------------
// Helpers over the manifests

/** `value`, failing the check with `what` when it is missing. */
function present<T>(value: T | undefined, what: string): T {
  expect(value, what).toBeDefined();
  return value!;
}

const deploymentsNamed = (name: string) => ofKind('Deployment').filter((d) => d.metadata.name === name);
const servicesNamed = (name: string) => ofKind('Service').filter((s) => s.metadata.name === name);

function deployment(name: string): ManifestOf<'Deployment'> {
  const found = deploymentsNamed(name);
  if (found.length !== 1) throw new Error(`expected one Deployment ${name}, found ${found.length}`);
  return found[0]!;
}
function service(name: string): ManifestOf<'Service'> {
  const found = servicesNamed(name);
  if (found.length !== 1) throw new Error(`expected one Service ${name}, found ${found.length}`);
  return found[0]!;
}
function container(name: string): Container {
  const { containers } = deployment(name).spec.template.spec;
  expect(containers, `${name}: one container per pod`).toHaveLength(1);
  return containers[0]!;
}

/** The one port a process's container and Service expose. */
const containerPort = (c: Container) => present(c.ports[0], 'a container port').containerPort;
const servicePort = (name: string) => present(service(name).spec.ports[0], `Service ${name} port`).port;

/** Kubernetes semantics: `command` replaces ENTRYPOINT (and drops CMD), `args` replaces CMD. */
function k8sArgv(c: Container): string[] {
  const entrypoint = c.command ?? dockerfile.entrypoint;
  const args = c.args ?? (c.command ? [] : dockerfile.cmd);
  return [...entrypoint, ...args];
}
/** Compose semantics: `entrypoint` replaces ENTRYPOINT (and drops CMD), `command` replaces CMD. */
function composeArgv(s: ComposeService): string[] {
  const entrypoint = s.entrypoint ?? dockerfile.entrypoint;
  const command = s.command ?? (s.entrypoint ? [] : dockerfile.cmd);
  expect(Array.isArray(entrypoint) && Array.isArray(command), 'compose entrypoint/command in exec (list) form').toBe(true);
  return [...entrypoint, ...command];
}

/** A probe's or targetPort's port (number or name) resolved to the container port number. */
function resolvePort(c: Container, port: number | string): number | undefined {
  if (typeof port === 'number') return c.ports.some((p) => p.containerPort === port) ? port : undefined;
  return c.ports.find((p) => p.name === port)?.containerPort;
}

/** The container's environment as Kubernetes builds it: ConfigMap, then Secret, then `env`. */
function k8sEnv(c: Container): Map<string, string> {
  const env = new Map<string, string>();
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      expect(from.configMapRef.name, 'the only ConfigMap is kora-config').toBe('kora-config');
      for (const [key, value] of Object.entries(configEnv)) env.set(key, value);
    }
    if (from.secretRef) {
      expect(from.secretRef.name, 'the only Secret is kora-secrets').toBe('kora-secrets');
      for (const key of secretKeys) env.set(key, `<secret:${key}>`);
    }
  }
  for (const entry of c.env ?? []) {
    if (entry.valueFrom?.secretKeyRef) {
      const ref = entry.valueFrom.secretKeyRef;
      expect(ref.name).toBe('kora-secrets');
      expect(secretKeys, `${entry.name}: key ${ref.key} is documented in secret.example.yaml`).toContain(ref.key);
      env.set(entry.name, `<secret:${ref.key}>`);
    } else {
      expect(typeof entry.value, `${entry.name} has a literal value`).toBe('string');
      env.set(entry.name, String(entry.value));
    }
  }
  return env;
}

const labelsMatch = (selector: Labels, labels: Labels = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

function podsSelectedBy(selector: Labels): string[] {
  return ofKind('Deployment')
    .filter((d) => labelsMatch(selector, d.spec.template.metadata.labels))
    .map((d) => d.metadata.name);
}

function sleepSeconds(c: Container): number {
  const command = c.lifecycle?.preStop?.exec?.command ?? [];
  const native = c.lifecycle?.preStop?.sleep?.seconds;
  if (typeof native === 'number') return native;
  expect(command[0], 'preStop runs `sleep <seconds>`').toBe('sleep');
  return Number(command[1]);
}

// =============================================================================================

describe('the process list', () => {
  it('is the contracts’ service list plus web and gateway', () => {
    expect([...serviceNames].sort()).toEqual([...SERVICES].sort());
    expect(Object.keys(upstreamVariables).sort()).toEqual([...SERVICES, 'web'].sort());
  });

  it('names entry files that exist', () => {
    for (const name of PROCESSES) expect(fs.existsSync(path.join(ROOT, ENTRY[name]!)), ENTRY[name]).toBe(true);
    expect(fs.existsSync(path.join(ROOT, MIGRATE_ARGV[1]!))).toBe(true);
  });
});

describe('Dockerfile', () => {
  it('builds every stage from node:24-bookworm-slim', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of dockerfile.stages) expect(stage.from).toBe('node:24-bookworm-slim');
  });

  it('runs every process through tsx, the gateway by default', () => {
    expect(dockerfile.entrypoint).toEqual(['node', '--import', 'tsx']);
    expect(dockerfile.cmd).toEqual([ENTRY.gateway]);
  });

  it('installs with npm ci, builds the web app, and keeps tsx in the runtime image', () => {
    expect(dockerfileText).toMatch(/npm ci\b/);
    expect(dockerfileText).toMatch(/npm run build -w @kora\/web/);
    expect(dockerfileText).toMatch(/RUNTIME_DEV_DEPS="tsx"/);
    expect(dockerfile.final.lines.join('\n')).toMatch(/COPY --from=build \/app\/web\/build/);
  });

  it('ships ffmpeg and runs as a numeric non-root user', () => {
    expect(dockerfile.final.lines.join('\n')).toMatch(/apt-get install[^\n]*\bffmpeg\b/);
    expect(dockerfile.user).toMatch(/^[1-9]\d*(:\d+)?$/);
  });

  it('keeps dependencies, local state and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', 'data', '.tmp', '.cache', 'web/build', 'test-results', '.env', '.git'])
      expect(ignored).toContain(entry);
  });
});

describe('kustomization', () => {
  it('deploys into the kora namespace', () => {
    expect(kustomization.namespace).toBe('kora');
    const namespaces = ofKind('Namespace');
    expect(namespaces.map((n) => n.metadata.name)).toEqual(['kora']);
    for (const doc of deployed) if (doc.metadata.namespace) expect(doc.metadata.namespace, doc.metadata.name).toBe('kora');
  });

  it('lists every manifest under k8s/ except the Secret template', () => {
    for (const resource of kustomization.resources) expect(fs.existsSync(path.join(K8S, resource)), resource).toBe(true);
    const listed = new Set(kustomization.resources.map((r) => path.normalize(r)));
    const files = yamlFiles.map((file) => path.relative(K8S, file)).filter((file) => file !== 'kustomization.yaml');
    for (const file of files) {
      if (file === 'secret.example.yaml') expect(listed.has(file), 'the Secret template must not be applied').toBe(false);
      else expect(listed.has(file), `${file} is not in kustomization.yaml resources`).toBe(true);
    }
  });

  it('generates the kora-config ConfigMap from an env file and ships no Secret', () => {
    expect(configGenerator?.envs?.length).toBeGreaterThan(0);
    expect(Object.keys(configEnv).length).toBeGreaterThan(0);
    expect(ofKind('Secret')).toHaveLength(0);
    expect(secretExample?.metadata.name).toBe('kora-secrets');
    for (const key of ['INTERNAL_SECRET', 'ACCESS_TOKEN_SECRET', 'DATABASE_URL', 'REDIS_URL']) {
      expect(secretKeys).toContain(key);
      expect(configEnv, `${key} is secret: not in the ConfigMap`).not.toHaveProperty(key);
    }
  });

  it('sets the image every workload uses', () => {
    const images = new Set([...ofKind('Deployment'), ...ofKind('Job')].flatMap((w) => w.spec.template.spec.containers.map((c) => c.image)));
    expect([...images]).toEqual(['kora/app']);
    expect(kustomization.images?.map((i) => i.name)).toContain('kora/app');
  });

  it('k8s/apps is what k8s/generate.mjs writes', () => {
    const check = spawnSync(process.execPath, [path.join(K8S, 'generate.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(check.stderr + check.stdout).toContain('up to date');
    expect(check.status).toBe(0);
  });
});

describe('Kubernetes Deployments and Services', () => {
  it('has exactly one Deployment and one Service per process, and nothing else', () => {
    for (const name of PROCESSES) {
      expect(deploymentsNamed(name), `Deployment ${name}`).toHaveLength(1);
      expect(servicesNamed(name), `Service ${name}`).toHaveLength(1);
    }
    expect(
      ofKind('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...PROCESSES].sort());
    expect(
      ofKind('Service')
        .map((s) => s.metadata.name)
        .sort(),
    ).toEqual([...PROCESSES].sort());
  });

  it.each(PROCESSES)('%s: runs its entry file through the image entrypoint', (name) => {
    expect(k8sArgv(container(name))).toEqual([...dockerfile.entrypoint, ENTRY[name]]);
  });

  it.each(PROCESSES)('%s: Service selects exactly its pods, on the container port', (name) => {
    const d = deployment(name);
    expect(labelsMatch(d.spec.selector.matchLabels, d.spec.template.metadata.labels), 'Deployment selector matches its pods').toBe(true);
    const s = service(name);
    expect(podsSelectedBy(s.spec.selector)).toEqual([name]);
    const c = container(name);
    expect(s.spec.ports).toHaveLength(1);
    const port = present(s.spec.ports[0], `Service ${name} port`);
    const target = resolvePort(c, port.targetPort ?? port.port);
    expect(target, `Service ${name} targetPort ${port.targetPort} is a container port`).toBeDefined();
    // Service port = container port, so http://<name>:<port> is the same URL as in compose.
    expect(port.port).toBe(target);
    expect(k8sEnv(c).get(PORT_ENV[name]!), `${PORT_ENV[name]} tells the process to listen on the container port`).toBe(String(target));
  });

  it.each(PROCESSES)('%s: probes /healthz (startup, liveness) and its readiness path on the container port', (name) => {
    const c = container(name);
    const port = containerPort(c);
    const probes = [
      ['startupProbe', '/healthz'],
      ['livenessProbe', '/healthz'],
      ['readinessProbe', READINESS_PATH[name]],
    ] as const;
    for (const [probe, pathname] of probes) {
      const httpGet = present(c[probe]?.httpGet, `${name} ${probe} is an HTTP probe`);
      expect(httpGet.path, `${name} ${probe}`).toBe(pathname);
      expect(resolvePort(c, httpGet.port), `${name} ${probe} port`).toBe(port);
    }
  });

  it.each(PROCESSES)('%s: has resource requests and limits', (name) => {
    const { resources } = container(name);
    for (const kind of ['requests', 'limits'] as const)
      for (const resource of ['cpu', 'memory'] as const) expect(resources?.[kind]?.[resource], `${name} ${kind}.${resource}`).toBeTruthy();
  });

  it.each(PROCESSES)('%s: drains, then gets longer than SHUTDOWN_GRACE_MS to stop', (name) => {
    const pod = deployment(name).spec.template.spec;
    const grace = Number(configEnv.SHUTDOWN_GRACE_MS);
    expect(grace).toBeGreaterThan(0);
    const sleep = sleepSeconds(container(name));
    expect(sleep).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(sleep * 1000 + grace);
  });

  it.each(PROCESSES)('%s: runs non-root on a read-only root filesystem with a writable /tmp', (name) => {
    const pod = deployment(name).spec.template.spec;
    const c = container(name);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(pod.securityContext.seccompProfile?.type).toBe('RuntimeDefault');
    expect(c.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    const tmp = present(
      c.volumeMounts.find((m) => m.mountPath === '/tmp'),
      `${name} mounts /tmp`,
    );
    expect(pod.volumes.find((v) => v.name === tmp.name)?.emptyDir).toBeDefined();
  });

  it.each(SERVICES)('%s: gets the servers and secrets the platform config requires', (name) => {
    const env = k8sEnv(container(name));
    for (const key of ['INTERNAL_SECRET', 'ACCESS_TOKEN_SECRET', 'DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'])
      expect(env.has(key), `${name} ${key}`).toBe(true);
    expect(env.get('HOST')).toBe('0.0.0.0');
    expect(env.get('DB_DRIVER')).toBe('postgres');
    expect(env.get('EVENT_BUS')).toBe('kafka');
    expect(env.get('JOB_RUNNER')).toBe('bullmq');
    expect(env.get('CACHE_STORE')).toBe('redis');
  });

  it('web: gets its secret, listens on all interfaces and reaches the gateway Service', () => {
    const env = k8sEnv(container('web'));
    expect(env.get('INTERNAL_SECRET')).toBe('<secret:INTERNAL_SECRET>');
    expect(env.get('WEB_HOST')).toBe('0.0.0.0');
    expect(env.get('NODE_ENV')).toBe('production');
    const url = new URL(env.get('GATEWAY_URL')!);
    expect(url.hostname).toBe('gateway');
    expect(Number(url.port)).toBe(servicePort('gateway'));
  });

  it('gateway: every upstream variable points at the matching Service name and port', () => {
    const env = k8sEnv(container('gateway'));
    for (const key of ['INTERNAL_SECRET', 'ACCESS_TOKEN_SECRET', 'REDIS_URL']) expect(env.has(key), key).toBe(true);
    expect(env.get('CACHE_STORE')).toBe('redis');
    expect(env.get('EVENT_BUS'), 'site settings reach the gateway as events').toBe('kafka');
    expect(env.get('KAFKA_BROKERS')).toBeTruthy();
    expect(env.has('DATABASE_URL'), 'the edge holds no database credentials').toBe(false);
    for (const [upstream, variable] of Object.entries(upstreamVariables)) {
      const value = env.get(variable);
      expect(value, `${variable} is set for the gateway`).toBeDefined();
      const url = new URL(value!);
      expect(url.hostname, variable).toBe(upstream);
      expect(url.protocol).toBe('http:');
      expect(Number(url.port), `${variable} port = Service ${upstream} port`).toBe(servicePort(upstream));
    }
  });

  it.each([...SERVICES, 'gateway'])(
    '%s: reaches Kafka with the TLS switch and mechanism of the ConfigMap and the SASL user of the Secret',
    (name) => {
      const c = container(name);
      const env = k8sEnv(c);
      for (const key of ['KAFKA_SSL', 'KAFKA_SSL_CA_FILE', 'KAFKA_SASL_MECHANISM']) {
        expect(configEnv, `${key} is in config.env`).toHaveProperty(key);
        expect(env.get(key), `${name} ${key}`).toBe(configEnv[key]);
      }
      for (const key of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']) {
        expect(env.get(key), `${name} ${key}`).toBe(`<secret:${key}>`);
        expect(configEnv, `${key} is secret: not in the ConfigMap`).not.toHaveProperty(key);
        // A cluster without SASL has no such key: a required reference would keep the pod from starting.
        const reference = c.env?.find((entry) => entry.name === key)?.valueFrom?.secretKeyRef;
        if (reference) expect(reference.optional, `${name} ${key} is an optional reference`).toBe(true);
      }
    },
  );

  it('config.env and the Secret template pass the Kafka security checks as they are: plaintext', () => {
    const env = loadConfig(kafkaSecurityEnvSchema, { ...configEnv, ...secretExample?.stringData });
    expect(kafkaSecurity(env)).toEqual({});
  });

  it('media: mounts the ReadWriteMany claim at MEDIA_DIR', () => {
    const c = container('media');
    const pod = deployment('media').spec.template.spec;
    const mediaDir = k8sEnv(c).get('MEDIA_DIR');
    expect(mediaDir).toMatch(/^\//);
    const mount = present(
      c.volumeMounts.find((m) => m.mountPath === mediaDir),
      'a volume is mounted at MEDIA_DIR',
    );
    const claimName = pod.volumes.find((v) => v.name === mount.name)?.persistentVolumeClaim?.claimName;
    const claim = ofKind('PersistentVolumeClaim').find((p) => p.metadata.name === claimName);
    expect(claim, `PersistentVolumeClaim ${claimName}`).toBeDefined();
    expect(claim!.spec.accessModes).toContain('ReadWriteMany');
  });
});

describe('Kubernetes migrate Job, Ingress, HPAs, PDBs', () => {
  it('migrate Job runs scripts/migrate.mjs with the database secret, non-root and read-only', () => {
    const jobs = ofKind('Job');
    expect(jobs.map((j) => j.metadata.name)).toEqual(['migrate']);
    const pod = jobs[0]!.spec.template.spec;
    const c = present(pod.containers[0], 'the migrate container');
    expect(k8sArgv(c)).toEqual(MIGRATE_ARGV);
    expect(k8sEnv(c).get('DATABASE_URL')).toBe('<secret:DATABASE_URL>');
    expect(['Never', 'OnFailure']).toContain(pod.restartPolicy);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(c.volumeMounts.some((m) => m.mountPath === '/tmp')).toBe(true);
  });

  it('Ingress sends everything to the gateway Service, with WebSocket-friendly nginx timeouts', () => {
    const ingresses = ofKind('Ingress');
    expect(ingresses).toHaveLength(1);
    const ingress = ingresses[0]!;
    const backends = ingress.spec.rules.flatMap((rule) => rule.http.paths.map((p) => p.backend.service));
    expect(backends.length).toBeGreaterThan(0);
    const gateway = present(service('gateway').spec.ports[0], 'the gateway Service port');
    for (const backend of backends) {
      expect(backend.name).toBe('gateway');
      expect(backend.port.name === gateway.name || backend.port.number === gateway.port, 'backend port exists on the Service').toBe(true);
    }
    const annotations = ingress.metadata.annotations ?? {};
    for (const key of ['proxy-read-timeout', 'proxy-send-timeout']) {
      expect(Number(annotations[`nginx.ingress.kubernetes.io/${key}`]), key).toBeGreaterThanOrEqual(3600);
    }
  });

  it('HPAs scale gateway, posts and notifications, whose Deployments leave replicas to them', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...HPA_TARGETS].sort());
    for (const hpa of hpas) {
      const target = hpa.spec.scaleTargetRef.name;
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef.kind).toBe('Deployment');
      expect(deploymentsNamed(target), `HPA ${hpa.metadata.name} targets a Deployment`).toHaveLength(1);
      expect(deployment(target).spec.replicas, `${target}: no replicas, the HPA owns them`).toBeUndefined();
      expect(container(target).resources?.requests?.cpu, 'CPU utilisation needs a CPU request').toBeTruthy();
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
  });

  it('PDBs cover the gateway and only processes that run two pods or more', () => {
    const pdbs = ofKind('PodDisruptionBudget');
    const covered = pdbs.map((pdb) => {
      const selected = podsSelectedBy(pdb.spec.selector.matchLabels);
      expect(selected, `PDB ${pdb.metadata.name} selects one Deployment`).toHaveLength(1);
      return selected[0]!;
    });
    expect(covered).toContain('gateway');
    for (const name of covered) {
      const hpa = ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name);
      const minimum = hpa ? hpa.spec.minReplicas : (deployment(name).spec.replicas ?? 1);
      expect(minimum, `${name} runs at least two pods`).toBeGreaterThanOrEqual(2);
    }
  });

  it.skipIf(spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status !== 0)('renders with kubectl kustomize', () => {
    const rendered = execFileSync('kubectl', ['kustomize', K8S], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
    const docs = parseAllDocuments(rendered).map((d) => d.toJS() as Manifest);
    const configMaps = docs.filter((d) => d.kind === 'ConfigMap');
    expect(configMaps).toHaveLength(1);
    expect(configMaps[0]!.data).toEqual(configEnv);
    expect(docs.filter((d) => d.kind === 'Deployment')).toHaveLength(PROCESSES.length);
    for (const doc of docs) if (doc.kind !== 'Namespace') expect(doc.metadata.namespace, `${doc.kind} ${doc.metadata.name}`).toBe('kora');
    const workloads = docs.filter((x) => x.kind === 'Deployment' || x.kind === 'Job') as ManifestOf<'Deployment' | 'Job'>[];
    for (const d of workloads) {
      for (const c of d.spec.template.spec.containers) {
        expect(c.envFrom?.[0]?.configMapRef?.name, 'the hashed ConfigMap name is wired in').toBe(configMaps[0]!.metadata.name);
      }
    }
  });
});

describe('docker-compose.yml', () => {
  const services = compose.services;
  const svc = (name: string): ComposeService => present(services[name], `compose service ${name}`);
  const KORA = [...PROCESSES, 'migrate'];

  it('defines the backing servers, the migrations and every process', () => {
    expect(Object.keys(services).sort()).toEqual([...KORA, 'postgres', 'redis', 'kafka'].sort());
    expect(svc('postgres').image).toBe('postgres:15');
    expect(svc('redis').image).toBe('redis:7');
    expect(svc('kafka').image).toBe('apache/kafka:3.9.1');
  });

  it('runs Kafka as one KRaft node without topic auto-creation', () => {
    const env = svc('kafka').environment;
    expect(String(env.KAFKA_PROCESS_ROLES).split(',').sort()).toEqual(['broker', 'controller']);
    expect(String(env.KAFKA_AUTO_CREATE_TOPICS_ENABLE)).toBe('false');
    expect(env.KAFKA_ADVERTISED_LISTENERS).toContain('kafka:9092');
    expect(svc('kafka').healthcheck?.test).toBeDefined();
  });

  it('builds every Kora process from the one image', () => {
    const images = new Set(KORA.map((name) => svc(name).image));
    expect(images.size).toBe(1);
    for (const name of KORA) expect(svc(name).build?.context, name).toBe('.');
  });

  it.each(PROCESSES)('%s: same command and port as its Kubernetes Deployment', (name) => {
    const s = svc(name);
    const c = container(name);
    expect(composeArgv(s)).toEqual(k8sArgv(c));
    expect(String(s.environment[PORT_ENV[name]!])).toBe(String(containerPort(c)));
  });

  it('migrate: same command as the Kubernetes Job, run once before the services', () => {
    const job = present(ofKind('Job')[0], 'the migrate Job');
    expect(composeArgv(svc('migrate'))).toEqual(k8sArgv(present(job.spec.template.spec.containers[0], 'its container')));
    expect(svc('migrate').restart).toBe('no');
    expect(svc('migrate').depends_on.postgres?.condition).toBe('service_healthy');
    expect(svc('migrate').environment.DATABASE_URL).toMatch(/@postgres:5432\//);
  });

  it.each(PROCESSES)('%s: healthcheck is a node one-liner on its own /healthz', (name) => {
    const { test } = svc(name).healthcheck;
    expect(test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
    expect(test.join(' ')).toContain(`http://127.0.0.1:${containerPort(container(name))}/healthz`);
  });

  it.each(SERVICES)('%s: starts after the migrations and healthy servers, wired to them', (name) => {
    const s = svc(name);
    expect(s.depends_on.migrate?.condition).toBe('service_completed_successfully');
    for (const server of ['postgres', 'redis', 'kafka'])
      expect(s.depends_on[server]?.condition, `${name} -> ${server}`).toBe('service_healthy');
    expect(s.environment.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(s.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(s.environment.KAFKA_BROKERS).toBe('kafka:9092');
    expect(s.environment.HOST).toBe('0.0.0.0');
    for (const key of ['DB_DRIVER', 'EVENT_BUS', 'JOB_RUNNER', 'CACHE_STORE', 'SHUTDOWN_GRACE_MS'])
      expect(String(s.environment[key]), key).toBe(configEnv[key]);
  });

  it('takes secrets from .env and fails clearly without them', () => {
    for (const name of KORA) {
      const env = svc(name).environment;
      expect(env.INTERNAL_SECRET, name).toMatch(/^\$\{INTERNAL_SECRET:\?[^}]+\}$/);
      if (name !== 'web') expect(env.ACCESS_TOKEN_SECRET, name).toMatch(/^\$\{ACCESS_TOKEN_SECRET:\?[^}]+\}$/);
    }
    expect(svc('postgres').environment.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?[^}]+\}$/);
  });

  it('gateway: published on 8080, its upstreams are compose services on their ports, started after them', () => {
    const gateway = svc('gateway');
    expect(gateway.ports?.some((p) => /:8080$/.test(String(p)))).toBe(true);
    for (const [upstream, variable] of Object.entries(upstreamVariables)) {
      const url = new URL(String(gateway.environment[variable]));
      expect(url.hostname, variable).toBe(upstream);
      expect(url.port, variable).toBe(String(svc(upstream).environment[PORT_ENV[upstream]!]));
      expect(gateway.depends_on[upstream]?.condition, `gateway waits for ${upstream}`).toBe('service_healthy');
    }
    expect(gateway.environment.REDIS_URL).toBe('redis://redis:6379');
    expect(new URL(String(svc('web').environment.GATEWAY_URL)).port).toBe(String(gateway.environment.PORT));
    // Only the gateway is reachable from outside.
    for (const name of Object.keys(services)) if (name !== 'gateway') expect(svc(name).ports, name).toBeUndefined();
  });

  it('media: MEDIA_DIR is a volume', () => {
    const media = svc('media');
    const dir = media.environment.MEDIA_DIR;
    expect(media.volumes.some((v: string) => v.endsWith(`:${dir}`))).toBe(true);
    expect(dir).toBe(k8sEnv(container('media')).get('MEDIA_DIR'));
  });
});
