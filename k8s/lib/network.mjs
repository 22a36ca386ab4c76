// Who may talk to whom: one NetworkPolicy per process (and one for the migrate Job), on top of
// network-default-deny.yaml, which refuses everything to every pod of the namespace. Each policy
// lets in only the pods that call the process and lets out only what the process uses: cluster
// DNS, the siblings it calls, and the servers outside the cluster below (decision 054).
//
// The addresses below are placeholders that work in most clusters: set your own (k8s/README.md,
// "Network policies"), then run `node k8s/generate.mjs`.

const namespace = (name) => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } } });
const tcp = (port, endPort) => (endPort ? { protocol: 'TCP', port, endPort } : { protocol: 'TCP', port });

/** Where managed servers in the cluster's own network (its VPC) have their addresses. */
const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];
const privateNetwork = PRIVATE_RANGES.map((cidr) => ({ ipBlock: { cidr } }));

/**
 * The public internet, without the private ranges, carrier-grade NAT, loopback and link-local
 * addresses: a pod allowed out to a payment provider cannot reach the cloud's metadata endpoint
 * (169.254.169.254, fd00:ec2::254), whose node credentials it must never hold.
 */
const internet = [
  { ipBlock: { cidr: '0.0.0.0/0', except: [...PRIVATE_RANGES, '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16'] } },
  { ipBlock: { cidr: '::/0', except: ['fc00::/7', 'fe80::/10', '::1/128'] } },
];

/** Cluster DNS: CoreDNS (kube-dns) in kube-system. */
export const DNS = {
  peers: [{ ...namespace('kube-system'), podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
  ports: [
    { protocol: 'UDP', port: 53 },
    { protocol: 'TCP', port: 53 },
  ],
};

/** Where the public traffic comes from: the ingress controller's pods (ingress-nginx). */
export const EDGE_PEERS = [namespace('ingress-nginx')];

/** Who scrapes /metrics: Prometheus in the `monitoring` namespace (kube-prometheus-stack's). */
export const PROMETHEUS_PEERS = [{ ...namespace('monitoring'), podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } }];

/** The servers outside the cluster, by name (`reaches` in processes.mjs). */
export const OUTSIDE_SERVERS = {
  // Managed PostgreSQL, Redis (6380: Azure's TLS port) and Kafka (9092-9096: plaintext, TLS and
  // SASL listeners of the managed offers) in the cluster's network. config.env's example broker
  // runs in the cluster, in the kora-infra namespace.
  postgres: { peers: privateNetwork, ports: [tcp(5432)] },
  redis: { peers: privateNetwork, ports: [tcp(6379), tcp(6380)] },
  kafka: { peers: [...privateNetwork, namespace('kora-infra')], ports: [tcp(9092, 9096)] },
  // Posts search with SEARCH_BACKEND=opensearch (decision 048).
  opensearch: { peers: privateNetwork, ports: [tcp(9200), tcp(443)] },
  // Object storage (AWS S3 when S3_ENDPOINT is empty), Paystack's API, the browsers' push services.
  s3: { peers: internet, ports: [tcp(443)] },
  paystack: { peers: internet, ports: [tcp(443)] },
  webPush: { peers: internet, ports: [tcp(443)] },
  // SMTP_URL's server, or the one the admin's Email settings name: submission, SMTPS, relay.
  smtp: { peers: internet, ports: [tcp(25), tcp(465), tcp(587)] },
  // An OpenTelemetry collector for traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 053):
  // OTLP over gRPC or HTTP, in the `monitoring` namespace.
  otlp: { peers: [namespace('monitoring')], ports: [tcp(4317, 4318)] },
};

const podsOf = (name) => ({ podSelector: { matchLabels: { 'app.kubernetes.io/name': name } } });

/** Ingress and egress rules of one process; `all` is every process, to find who calls it. */
export function networkPolicy(proc, all, labels) {
  const byName = new Map(all.map((p) => [p.name, p]));
  const callers = all
    .filter((p) => p.calls.includes(proc.name))
    .map((p) => p.name)
    .sort()
    .map(podsOf);
  const ingress = [];
  if (proc.port !== undefined) {
    const from = [...(proc.edge ? EDGE_PEERS : []), ...callers];
    if (from.length) ingress.push({ from, ports: [tcp(proc.port)] });
    ingress.push({ from: PROMETHEUS_PEERS, ports: [tcp(proc.metrics?.port ?? proc.port)] });
  }

  const egress = [{ to: DNS.peers, ports: DNS.ports }];
  for (const name of proc.calls) {
    const callee = byName.get(name);
    if (!callee) throw new Error(`${proc.name} calls ${name}, which is no process`);
    egress.push({ to: [podsOf(name)], ports: [tcp(callee.port)] });
  }
  for (const name of proc.reaches) {
    const server = OUTSIDE_SERVERS[name];
    if (!server) throw new Error(`${proc.name} reaches ${name}, which OUTSIDE_SERVERS does not name`);
    egress.push({ to: server.peers, ports: server.ports });
  }

  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: proc.name, labels },
    spec: {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': proc.name } },
      policyTypes: ['Ingress', 'Egress'],
      ingress,
      egress,
    },
  };
}
