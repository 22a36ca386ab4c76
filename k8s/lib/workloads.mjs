// The Deployment and Service of a process, and the migrate Job, from a row of processes.mjs.
import { IMAGE, PRE_STOP_SLEEP_SECONDS, TERMINATION_GRACE_SECONDS, secretName } from './processes.mjs';

export function labels(proc) {
  return { 'app.kubernetes.io/name': proc.name, 'app.kubernetes.io/component': proc.component };
}

function httpProbe(pathname, extra) {
  return { httpGet: { path: pathname, port: 'http' }, ...extra };
}

/** Each key by name from the process's own Secret; an optional one may be missing from it. */
function secretEnv(proc) {
  const ref = (key, optional) => ({
    name: key,
    valueFrom: { secretKeyRef: { name: secretName(proc), key, ...(optional ? { optional: true } : {}) } },
  });
  return [...proc.secrets.map((key) => ref(key, false)), ...proc.optionalSecrets.map((key) => ref(key, true))];
}

/** Non-root, read-only root filesystem, every capability dropped: the `restricted` Pod Security Standard. */
const POD_SECURITY = {
  runAsNonRoot: true,
  runAsUser: 1000,
  runAsGroup: 1000,
  fsGroup: 1000,
  seccompProfile: { type: 'RuntimeDefault' },
};
const CONTAINER_SECURITY = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

export function deployment(proc) {
  const env = [{ name: proc.portEnv, value: String(proc.port) }];
  if (proc.metrics) env.push({ name: proc.metrics.env, value: String(proc.metrics.port) });
  for (const [name, value] of Object.entries(proc.env ?? {})) env.push({ name, value });
  env.push(...secretEnv(proc));

  const ports = [{ name: 'http', containerPort: proc.port, protocol: 'TCP' }];
  if (proc.metrics) ports.push({ name: proc.metrics.name, containerPort: proc.metrics.port, protocol: 'TCP' });

  const spec = {};
  if (proc.replicas !== undefined) spec.replicas = proc.replicas;
  Object.assign(spec, {
    revisionHistoryLimit: 5,
    selector: { matchLabels: { 'app.kubernetes.io/name': proc.name } },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
    template: {
      metadata: { labels: labels(proc) },
      spec: {
        automountServiceAccountToken: false,
        enableServiceLinks: false,
        terminationGracePeriodSeconds: TERMINATION_GRACE_SECONDS,
        securityContext: POD_SECURITY,
        topologySpreadConstraints: [
          {
            maxSkew: 1,
            topologyKey: 'kubernetes.io/hostname',
            whenUnsatisfiable: 'ScheduleAnyway',
            labelSelector: { matchLabels: { 'app.kubernetes.io/name': proc.name } },
          },
        ],
        containers: [
          {
            name: proc.name,
            image: IMAGE,
            imagePullPolicy: 'IfNotPresent',
            // ENTRYPOINT is `node --import tsx` (Dockerfile); the argument picks the process.
            args: [proc.entry],
            ports,
            envFrom: [{ configMapRef: { name: 'kora-config' } }],
            env,
            // Up to 2 minutes to start (tsx compiles on first load), then the other probes apply.
            startupProbe: httpProbe('/healthz', { periodSeconds: 2, timeoutSeconds: 2, failureThreshold: 60 }),
            livenessProbe: httpProbe('/healthz', { periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 3 }),
            // /readyz checks each dependency with a 2 s deadline, hence the 3 s timeout.
            readinessProbe: httpProbe(proc.readinessPath, { periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2 }),
            lifecycle: { preStop: { exec: { command: ['sleep', String(PRE_STOP_SLEEP_SECONDS)] } } },
            resources: proc.resources,
            securityContext: CONTAINER_SECURITY,
            volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
          },
        ],
        volumes: [{ name: 'tmp', emptyDir: { sizeLimit: proc.tmpSize } }],
      },
    },
  });

  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: proc.name, labels: labels(proc) }, spec };
}

export function service(proc) {
  const ports = [{ name: 'http', port: proc.port, targetPort: 'http', protocol: 'TCP' }];
  // For the ServiceMonitor only: the Ingress and the HTTPRoute send traffic to `http`.
  if (proc.metrics) ports.push({ name: proc.metrics.name, port: proc.metrics.port, targetPort: proc.metrics.name, protocol: 'TCP' });
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: proc.name, labels: labels(proc) },
    spec: { type: 'ClusterIP', selector: { 'app.kubernetes.io/name': proc.name }, ports },
  };
}

/**
 * Applies every service's migrations, then exits. Safe to run twice; the services also migrate at
 * start-up, so a rollout does not have to wait for it. A Job's pod template is immutable: delete
 * the finished Job before applying a new image tag (k8s/README.md, "Run migrations"); it also
 * removes itself 10 minutes after finishing.
 */
export function migrateJob(job) {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: job.name, labels: labels(job) },
    spec: {
      backoffLimit: 4,
      activeDeadlineSeconds: 900,
      ttlSecondsAfterFinished: 600,
      template: {
        metadata: { labels: labels(job) },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          securityContext: POD_SECURITY,
          containers: [
            {
              name: job.name,
              image: IMAGE,
              imagePullPolicy: 'IfNotPresent',
              command: job.argv,
              envFrom: [{ configMapRef: { name: 'kora-config' } }],
              env: secretEnv(job),
              resources: job.resources,
              securityContext: CONTAINER_SECURITY,
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: job.tmpSize } }],
        },
      },
    },
  };
}
