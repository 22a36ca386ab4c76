/**
 * The deployment files, read as files (no cluster, no Docker engine needed), for the checks of
 * tests/deploy: what must be deployed, the manifests under k8s/ (the base kustomization and its
 * components), the example Secrets, config.env, docker-compose.yml and the Dockerfile, and helpers
 * that look a process up in them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const K8S = path.join(ROOT, 'k8s');
export const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

// ---------------------------------------------------------------------------------------------
// What must be deployed (ARCHITECTURE.md, scripts/run/cluster.mjs)

export const SERVICES = [
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
export const PROCESSES = [...SERVICES, 'web', 'gateway'];
export const ENTRY: Record<string, string> = {
  ...Object.fromEntries(SERVICES.map((name) => [name, `services/${name}/src/server.ts`])),
  web: 'web/server/main.ts',
  gateway: 'gateway/src/server.ts',
};
/** The variable each process reads its listening port from. */
export const PORT_ENV: Record<string, string> = {
  ...Object.fromEntries(SERVICES.map((name) => [name, 'PORT'])),
  web: 'WEB_PORT',
  gateway: 'PORT',
};
/** The web app serves /healthz only (no dependency of its own to be ready for). */
export const READINESS_PATH: Record<string, string> = {
  ...Object.fromEntries(PROCESSES.map((name) => [name, '/readyz'])),
  web: '/healthz',
};
export const MIGRATE_ARGV = ['node', 'scripts/migrate.mjs'];
export const HPA_TARGETS = ['gateway', 'posts', 'notifications'];
/** Processes whose main port answers the public, so /metrics is on a port of its own (decision 052). */
export const METRICS_ON_OWN_PORT = ['gateway', 'web'];

// Parsed YAML is untyped by nature: these types describe only what the checks read. A document
// gets its kind's `spec` type once, where it is picked by kind (ofKind); the checks then hold the
// files to these shapes.
export type Labels = Record<string, string>;
type Probe = { httpGet?: { path: string; port: number | string } };
type EnvVar = { name: string; value?: unknown; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } };
export type Container = {
  name: string;
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
export type LabelSelector = { matchLabels?: Labels; matchExpressions?: { key: string; operator: string; values?: string[] }[] };
export type NetworkPeer = {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
};
export type NetworkPort = { protocol?: string; port?: number | string; endPort?: number };
/** The `spec` of each kind the checks read. */
export interface SpecOf {
  Namespace: unknown;
  Secret: unknown;
  Deployment: { replicas?: number; selector: { matchLabels: Labels }; template: PodTemplate };
  Job: { template: PodTemplate };
  Service: { selector: Labels; ports: { name?: string; port: number; targetPort?: number | string }[] };
  Ingress: {
    rules: { host?: string; http: { paths: { backend: { service: { name: string; port: BackendPort } } }[] } }[];
  };
  HorizontalPodAutoscaler: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
  PodDisruptionBudget: { selector: { matchLabels: Labels } };
  PersistentVolumeClaim: { accessModes: string[] };
  NetworkPolicy: {
    podSelector: LabelSelector;
    policyTypes: string[];
    ingress?: { from?: NetworkPeer[]; ports?: NetworkPort[] }[];
    egress?: { to?: NetworkPeer[]; ports?: NetworkPort[] }[];
  };
  ServiceMonitor: { selector: LabelSelector; endpoints: { port?: string; path?: string }[] };
  PrometheusRule: { groups: { name: string; rules: { alert?: string; expr: string; labels?: Labels; annotations?: Labels }[] }[] };
  HTTPRoute: {
    parentRefs: { name: string }[];
    hostnames?: string[];
    rules: { backendRefs: { name: string; port: number }[] }[];
  };
}
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Record<string, string> };
  spec?: unknown;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};
export type ManifestOf<K extends keyof SpecOf> = Manifest & { spec: SpecOf[K] };
export type ComposeService = {
  image?: string;
  build?: { context?: string };
  entrypoint?: string[];
  command?: string[];
  environment: Record<string, string | number | boolean>;
  depends_on: Record<string, { condition?: string; required?: boolean } | undefined>;
  healthcheck: { test: string[] };
  ports?: (string | number)[];
  volumes: string[];
  restart?: string;
  profiles?: string[];
};
export type Kustomization = {
  kind?: string;
  namespace?: string;
  resources?: string[];
  components?: string[];
  patches?: { path?: string }[];
  configMapGenerator?: { name: string; envs?: string[] }[];
  images?: { name: string }[];
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

export function parseManifests(file: string): Manifest[] {
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

export const readKustomization = (dir: string) => parse(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;

export const kustomization = readKustomization(K8S);
export const COMPONENTS_DIR = path.join(K8S, 'components');
/** Optional parts (k8s/components/<name>), each a kustomize Component. */
export const componentNames = fs.readdirSync(COMPONENTS_DIR).filter((name) => fs.statSync(path.join(COMPONENTS_DIR, name)).isDirectory());
export const yamlFiles = yamlFilesUnder(K8S);
const allManifests = yamlFiles.flatMap((file) =>
  file.endsWith('kustomization.yaml') ? [] : parseManifests(file).map((doc) => ({ file, doc })),
);
const deployedFiles = new Set((kustomization.resources ?? []).map((resource) => path.join(K8S, resource)));
/** What `kubectl apply -k k8s` sends, minus the generated ConfigMap. */
export const deployed = allManifests.filter(({ file }) => deployedFiles.has(file)).map(({ doc }) => doc);
export const ofKind = <K extends keyof SpecOf>(kind: K) => deployed.filter((doc) => doc.kind === kind) as ManifestOf<K>[];

/** What a component adds (its `resources`) and the patches it applies, by kind. */
export function componentFiles(name: string) {
  const dir = path.join(COMPONENTS_DIR, name);
  const own = readKustomization(dir);
  const docs = (files: string[]) => files.flatMap((file) => parseManifests(path.join(dir, file)));
  const resources = docs(own.resources ?? []);
  const patches = docs((own.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])));
  return {
    kustomization: own,
    ofKind: <K extends keyof SpecOf>(kind: K) => resources.filter((doc) => doc.kind === kind) as ManifestOf<K>[],
    patchOf: <K extends keyof SpecOf>(kind: K, name: string) =>
      patches.find((doc) => doc.kind === kind && doc.metadata.name === name) as ManifestOf<K> | undefined,
  };
}

const configGenerator = kustomization.configMapGenerator?.find((g) => g.name === 'kora-config');
export const configEnvFiles = configGenerator?.envs ?? [];
export const configEnv: Record<string, string> = Object.fromEntries(
  configEnvFiles.flatMap((file) => Object.entries(parseEnvFile(path.join(K8S, file)))),
);

/** The example Secrets (k8s/secret.example.yaml), by name: key -> placeholder value. */
export const secretExamples = new Map(
  parseManifests(path.join(K8S, 'secret.example.yaml'))
    .filter((doc) => doc.kind === 'Secret')
    .map((doc) => [doc.metadata.name, { ...doc.stringData, ...doc.data }]),
);

export const compose = parse(read('docker-compose.yml'), { merge: true }) as {
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

export const dockerfileText = read('Dockerfile');
export const dockerfile = parseDockerfile(dockerfileText);

// ---------------------------------------------------------------------------------------------
// Helpers over the manifests

/** `value`, failing the check with `what` when it is missing. */
export function present<T>(value: T | undefined, what: string): T {
  expect(value, what).toBeDefined();
  return value!;
}

export const deploymentsNamed = (name: string) => ofKind('Deployment').filter((d) => d.metadata.name === name);
export const servicesNamed = (name: string) => ofKind('Service').filter((s) => s.metadata.name === name);

export function deployment(name: string): ManifestOf<'Deployment'> {
  const found = deploymentsNamed(name);
  if (found.length !== 1) throw new Error(`expected one Deployment ${name}, found ${found.length}`);
  return found[0]!;
}
export function service(name: string): ManifestOf<'Service'> {
  const found = servicesNamed(name);
  if (found.length !== 1) throw new Error(`expected one Service ${name}, found ${found.length}`);
  return found[0]!;
}
export function container(name: string): Container {
  const { containers } = deployment(name).spec.template.spec;
  expect(containers, `${name}: one container per pod`).toHaveLength(1);
  return containers[0]!;
}
export function migrateContainer(): Container {
  const jobs = ofKind('Job');
  expect(jobs.map((j) => j.metadata.name)).toEqual(['migrate']);
  return present(jobs[0]!.spec.template.spec.containers[0], 'the migrate container');
}

/** The port a process serves its traffic on (named `http`). */
export const containerPort = (c: Container) =>
  present(
    c.ports.find((p) => p.name === 'http'),
    `${c.name}: a port named http`,
  ).containerPort;
export const servicePort = (name: string) =>
  present(
    service(name).spec.ports.find((p) => p.name === 'http'),
    `Service ${name} port http`,
  ).port;

/** Kubernetes semantics: `command` replaces ENTRYPOINT (and drops CMD), `args` replaces CMD. */
export function k8sArgv(c: Container): string[] {
  const entrypoint = c.command ?? dockerfile.entrypoint;
  const args = c.args ?? (c.command ? [] : dockerfile.cmd);
  return [...entrypoint, ...args];
}
/** Compose semantics: `entrypoint` replaces ENTRYPOINT (and drops CMD), `command` replaces CMD. */
export function composeArgv(s: ComposeService): string[] {
  const entrypoint = s.entrypoint ?? dockerfile.entrypoint;
  const command = s.command ?? (s.entrypoint ? [] : dockerfile.cmd);
  expect(Array.isArray(entrypoint) && Array.isArray(command), 'compose entrypoint/command in exec (list) form').toBe(true);
  return [...entrypoint, ...command];
}

/** A probe's or targetPort's port (number or name) resolved to the container port number. */
export function resolvePort(c: Container, port: number | string): number | undefined {
  if (typeof port === 'number') return c.ports.some((p) => p.containerPort === port) ? port : undefined;
  return c.ports.find((p) => p.name === port)?.containerPort;
}

/** The Secret keys a container takes, by Secret: from `env` references and whole-Secret `envFrom`. */
export function secretReferences(c: Container): { secret: string; key: string; variable: string; optional: boolean }[] {
  const refs: { secret: string; key: string; variable: string; optional: boolean }[] = [];
  for (const from of c.envFrom ?? []) {
    if (!from.secretRef) continue;
    const example = present(secretExamples.get(from.secretRef.name), `Secret ${from.secretRef.name} in secret.example.yaml`);
    for (const key of Object.keys(example)) refs.push({ secret: from.secretRef.name, key, variable: key, optional: false });
  }
  for (const entry of c.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    if (ref) refs.push({ secret: ref.name, key: ref.key, variable: entry.name, optional: ref.optional === true });
  }
  return refs;
}

/**
 * The container's environment as Kubernetes builds it: ConfigMap, then Secrets, then `env`. A
 * Secret's key reads as `<secret:KEY>`, or with `examples`, as its placeholder in secret.example.yaml.
 */
export function k8sEnv(c: Container, { examples = false } = {}): Map<string, string> {
  const env = new Map<string, string>();
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      expect(from.configMapRef.name, 'the only ConfigMap is kora-config').toBe('kora-config');
      for (const [key, value] of Object.entries(configEnv)) env.set(key, value);
    }
  }
  for (const ref of secretReferences(c)) {
    const example = present(secretExamples.get(ref.secret), `Secret ${ref.secret} in secret.example.yaml`);
    expect(example, `${ref.variable}: key ${ref.key} is in the example of Secret ${ref.secret}`).toHaveProperty(ref.key);
    env.set(ref.variable, examples ? String(example[ref.key]) : `<secret:${ref.key}>`);
  }
  for (const entry of c.env ?? []) {
    if (entry.valueFrom) continue;
    expect(typeof entry.value, `${entry.name} has a literal value`).toBe('string');
    env.set(entry.name, String(entry.value));
  }
  return env;
}

export const labelsMatch = (selector: Labels, labels: Labels = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

/** A full label selector (matchLabels and matchExpressions) against an object's labels. */
export function selectorMatches(selector: LabelSelector, labels: Labels = {}): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key] ?? '');
    if (operator === 'NotIn') return !values.includes(labels[key] ?? '');
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    throw new Error(`unknown selector operator ${operator}`);
  });
  const empty = !Object.keys(selector.matchLabels ?? {}).length && !(selector.matchExpressions ?? []).length;
  return !empty && byLabels && byExpressions;
}

export function podsSelectedBy(selector: Labels): string[] {
  return ofKind('Deployment')
    .filter((d) => labelsMatch(selector, d.spec.template.metadata.labels))
    .map((d) => d.metadata.name);
}

export function sleepSeconds(c: Container): number {
  const command = c.lifecycle?.preStop?.exec?.command ?? [];
  const native = c.lifecycle?.preStop?.sleep?.seconds;
  if (typeof native === 'number') return native;
  expect(command[0], 'preStop runs `sleep <seconds>`').toBe('sleep');
  return Number(command[1]);
}
