// Types for prometheus.mjs, for the TypeScript tests that use it.
export function ensurePrometheus(): Promise<string>;
export function prometheusConfig(targets: Record<string, string>, intervalSeconds?: number): string;
export interface PrometheusServer {
  url: string;
  /** An instant query: the result vector as [labels, value] pairs. */
  query(expression: string): Promise<[Record<string, string>, number][]>;
  close(): Promise<void>;
}
export function startPrometheus(options: {
  targets: Record<string, string>;
  intervalSeconds?: number;
  timeoutMs?: number;
}): Promise<PrometheusServer>;
