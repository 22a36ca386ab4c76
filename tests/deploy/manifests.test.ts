/**
 * The deployment files agree with each other and with the code: every YAML under k8s/,
 * docker-compose.yml and the Dockerfile, read as files (deployment-files.ts).
 *
 * - Kubernetes: exactly one Deployment and one Service per process, ports that line up, probes on
 *   /healthz and /readyz, resources, graceful shutdown, non-root read-only pods, the gateway's
 *   upstream URLs naming real Services, HPAs/PDBs/Ingress/Job pointing at real objects, the
 *   kustomization and its components listing every file, and k8s/apps matching its generator.
 * - Compose: the same processes with the same commands and ports as the Deployments, secrets
 *   required from .env, healthchecks without curl, start order by conditions.
 * - Dockerfile: node:24-bookworm-slim (Node 24 LTS), `node --import tsx` entrypoint, non-root, ffmpeg.
 *
 * Who gets which secret, who may talk to whom, monitoring and media storage: least-privilege.test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serviceNames } from '@kora/contracts';
import { kafkaSecurity, kafkaSecurityEnvSchema, loadConfig } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { upstreamVariables } from '../../gateway/src/config.js';
import {
  COMPONENTS_DIR,
  ENTRY,
  HPA_TARGETS,
  K8S,
  MIGRATE_ARGV,
  PORT_ENV,
  PROCESSES,
  READINESS_PATH,
  ROOT,
  SERVICES,
  compose,
  componentFiles,
  componentNames,
  composeArgv,
  configEnv,
  configEnvFiles,
  container,
  containerPort,
  deployed,
  deployment,
  deploymentsNamed,
  dockerfile,
  dockerfileText,
  k8sArgv,
  k8sEnv,
  kustomization,
  labelsMatch,
  migrateContainer,
  ofKind,
  podsSelectedBy,
  present,
  read,
  readKustomization,
  resolvePort,
  service,
  servicePort,
  servicesNamed,
  sleepSeconds,
  yamlFiles,
  type ComposeService,
  type Manifest,
  type ManifestOf,
} from './deployment-files.js';

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

  it('lists every manifest under k8s/ except the Secret template, each component its own', () => {
    const resources = kustomization.resources ?? [];
    for (const resource of resources) expect(fs.existsSync(path.join(K8S, resource)), resource).toBe(true);
    // Each file belongs to the kustomization of its folder: the base's, or a component's.
    const listedBy = new Map<string, Set<string>>([[K8S, new Set(resources.map((r) => path.join(K8S, r)))]]);
    for (const name of componentNames) {
      const dir = path.join(COMPONENTS_DIR, name);
      const own = readKustomization(dir);
      expect(own.kind, `components/${name} is a kustomize Component`).toBe('Component');
      const files = [...(own.resources ?? []), ...(own.patches ?? []).flatMap((p) => (p.path ? [p.path] : []))];
      for (const file of files) expect(fs.existsSync(path.join(dir, file)), `components/${name}/${file}`).toBe(true);
      listedBy.set(dir, new Set(files.map((file) => path.join(dir, file))));
    }
    for (const file of yamlFiles.filter((f) => path.basename(f) !== 'kustomization.yaml')) {
      const relative = path.relative(K8S, file);
      const owner = relative.startsWith('components') ? path.join(COMPONENTS_DIR, relative.split(path.sep)[1]!) : K8S;
      const listed = listedBy.get(owner)?.has(file) ?? false;
      if (relative === 'secret.example.yaml') expect(listed, 'the Secret template must not be applied').toBe(false);
      else expect(listed, `${relative} is not in the kustomization.yaml of its folder`).toBe(true);
    }
    // The optional parts are named where an operator turns them on.
    for (const name of componentNames) expect(read('k8s/kustomization.yaml')).toContain(`components/${name}`);
  });

  it('generates the kora-config ConfigMap from an env file and ships no Secret', () => {
    expect(configEnvFiles.length).toBeGreaterThan(0);
    expect(Object.keys(configEnv).length).toBeGreaterThan(0);
    expect(ofKind('Secret')).toHaveLength(0);
    for (const key of [
      'INTERNAL_SECRET',
      'ACCESS_TOKEN_SECRET',
      'DATABASE_URL',
      'REDIS_URL',
      'PAYSTACK_SECRET_KEY',
      'S3_SECRET_ACCESS_KEY',
    ]) {
      expect(configEnv, `${key} is secret: not in the ConfigMap`).not.toHaveProperty(key);
    }
  });

  it('sets the image every workload uses', () => {
    const images = new Set([...ofKind('Deployment'), ...ofKind('Job')].flatMap((w) => w.spec.template.spec.containers.map((c) => c.image)));
    expect([...images]).toEqual(['kora/app']);
    expect(kustomization.images?.map((i) => i.name)).toContain('kora/app');
  });

  it('k8s/apps and the Secret template are what k8s/generate.mjs writes', () => {
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

  it.each(PROCESSES)('%s: Service selects exactly its pods, on the container ports', (name) => {
    const d = deployment(name);
    expect(labelsMatch(d.spec.selector.matchLabels, d.spec.template.metadata.labels), 'Deployment selector matches its pods').toBe(true);
    const s = service(name);
    expect(podsSelectedBy(s.spec.selector)).toEqual([name]);
    const c = container(name);
    // `http`, and `metrics` where /metrics has a port of its own (least-privilege.test.ts).
    expect(s.spec.ports.map((p) => p.name).sort()).toEqual(c.ports.map((p) => p.name).sort());
    for (const port of s.spec.ports) {
      const target = resolvePort(c, port.targetPort ?? port.port);
      expect(target, `Service ${name} targetPort ${port.targetPort} is a container port`).toBeDefined();
      // Service port = container port, so http://<name>:<port> is the same URL as in compose.
      expect(port.port).toBe(target);
    }
    const http = servicePort(name);
    expect(k8sEnv(c).get(PORT_ENV[name]!), `${PORT_ENV[name]} tells the process to listen on the container port`).toBe(String(http));
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
    for (const key of ['INTERNAL_SECRET', 'DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS']) expect(env.has(key), `${name} ${key}`).toBe(true);
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

  it.each([...SERVICES, 'gateway'])(
    '%s: config.env and its Secret template pass the Kafka security checks as they are: plaintext',
    (name) => {
      const env = loadConfig(kafkaSecurityEnvSchema, Object.fromEntries(k8sEnv(container(name), { examples: true })));
      expect(kafkaSecurity(env)).toEqual({});
    },
  );
});

describe('Kubernetes migrate Job, Ingress, HPAs, PDBs', () => {
  it('migrate Job runs scripts/migrate.mjs with the database secret, non-root and read-only', () => {
    const c = migrateContainer();
    const pod = ofKind('Job')[0]!.spec.template.spec;
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
    const gateway = present(
      service('gateway').spec.ports.find((p) => p.name === 'http'),
      'the gateway Service port http',
    );
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

  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  const render = (dir: string) =>
    parseAllDocuments(execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 })).map(
      (d) => d.toJS() as Manifest,
    );

  it.skipIf(!kubectl)('renders with kubectl kustomize', () => {
    const docs = render(K8S);
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

  it.skipIf(!kubectl)('renders with every component turned on, as kustomization.yaml lists them', () => {
    // A copy of k8s/ whose kustomization lists every component, as an operator turns them on.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-k8s-'));
    try {
      fs.cpSync(K8S, copy, { recursive: true });
      const components = componentNames.map((name) => `  - components/${name}`);
      fs.appendFileSync(path.join(copy, 'kustomization.yaml'), ['', 'components:', ...components, ''].join('\n'));
      const docs = render(copy);
      for (const kind of ['ServiceMonitor', 'PrometheusRule', 'HTTPRoute', 'PersistentVolumeClaim']) {
        const found = docs.filter((d) => d.kind === kind);
        expect(found.length, kind).toBeGreaterThan(0);
        for (const doc of found) expect(doc.metadata.namespace, `${kind} ${doc.metadata.name}`).toBe('kora');
      }
      const media = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === 'media') as ManifestOf<'Deployment'>;
      const c = media.spec.template.spec.containers[0]!;
      expect(c.env?.find((e) => e.name === 'MEDIA_STORAGE')?.value, 'the patch keeps the container and its other variables').toBe('disk');
      expect(
        c.env?.some((e) => e.name === 'PORT'),
        'the patch merged into the env list',
      ).toBe(true);
      expect(media.spec.template.spec.volumes.map((v) => v.name).sort()).toEqual(['media', 'tmp']);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('docker-compose.yml', () => {
  const services = compose.services;
  const svc = (name: string): ComposeService => present(services[name], `compose service ${name}`);
  const KORA = [...PROCESSES, 'migrate'];

  it('defines the backing servers, the migrations and every process, object storage only on demand', () => {
    expect(Object.keys(services).sort()).toEqual([...KORA, 'postgres', 'redis', 'kafka', 's3'].sort());
    expect(svc('postgres').image).toBe('postgres:15');
    expect(svc('redis').image).toBe('redis:7');
    expect(svc('kafka').image).toBe('apache/kafka:3.9.1');
    expect(svc('s3').image).toMatch(/^andrewgaul\/s3proxy:\d+\.\d+\.\d+$/);
    expect(svc('s3').profiles).toEqual(['s3']);
    for (const name of Object.keys(services)) if (name !== 's3') expect(svc(name).profiles, name).toBeUndefined();
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
    for (const name of PROCESSES) expect(svc(name).environment.INTERNAL_SECRET, name).toMatch(/^\$\{INTERNAL_SECRET:\?[^}]+\}$/);
    for (const name of ['auth', 'gateway']) {
      expect(svc(name).environment.ACCESS_TOKEN_SECRET, name).toMatch(/^\$\{ACCESS_TOKEN_SECRET:\?[^}]+\}$/);
    }
    for (const name of [...SERVICES, 'migrate'])
      expect(svc(name).environment.DATABASE_URL, name).toMatch(/\$\{POSTGRES_PASSWORD:\?[^}]+\}/);
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

  it('media: MEDIA_DIR is a volume, at the same path as on Kubernetes with components/local-media', () => {
    const media = svc('media');
    const dir = media.environment.MEDIA_DIR;
    expect(media.volumes.some((v: string) => v.endsWith(`:${dir}`))).toBe(true);
    const patch = present(componentFiles('local-media').patchOf('Deployment', 'media'), 'the media patch of components/local-media');
    const patched = present(patch.spec.template.spec.containers[0], 'its container');
    expect(dir).toBe(patched.env?.find((e) => e.name === 'MEDIA_DIR')?.value);
  });
});
