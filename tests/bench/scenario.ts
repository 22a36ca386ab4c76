/**
 * One measured scenario, as the bench prints it and writes it to BENCH_OUT: throughput, latency
 * percentiles and failed requests.
 */
export interface Scenario {
  name: string;
  rps: number;
  p50_ms: number;
  p90_ms?: number;
  p99_ms: number;
  errors: number;
  requests?: number;
  /** What else the scenario measured (bytes, offered rate...). */
  notes?: Record<string, number | string>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A scenario from raw latencies (milliseconds) measured over `seconds`. */
export function fromLatencies(name: string, latencies: number[], errors: number, seconds: number): Scenario {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    rps: Math.round(sorted.length / seconds),
    p50_ms: round2(percentile(sorted, 50)),
    p90_ms: round2(percentile(sorted, 90)),
    p99_ms: round2(percentile(sorted, 99)),
    errors,
    requests: sorted.length,
  };
}
