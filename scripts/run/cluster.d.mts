export interface Cluster {
  url: string;
  logDir: string;
  upstreams: Record<string, string>;
  /** The extra gateways' addresses, by name. */
  gateways: Record<string, string>;
  /** Every process's metrics endpoint (`http://…/metrics`), by process name. */
  metrics: Record<string, string>;
  pidOf(name: string): number | undefined;
  stopProcess(name: string, signal?: string): Promise<void>;
  startProcess(name: string): Promise<void>;
  stop(): Promise<void>;
}
export function startCluster(options: {
  port?: number;
  servers: Record<string, string | undefined>;
  secrets: Record<string, string>;
  logDir?: string;
  logLevel?: string;
  extraInstances?: Record<string, number>;
  nodeArgs?: Record<string, string[]>;
  extraGateways?: Record<string, Record<string, string>>;
}): Promise<Cluster>;
export const SERVICE_NAMES: string[];
