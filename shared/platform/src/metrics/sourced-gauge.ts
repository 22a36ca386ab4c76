/**
 * A gauge read when Prometheus scrapes, from the sources that are running now: each source answers
 * its readings (labels and value), a source that stops takes its series with it, and two sources
 * naming the same labels (two instances of a service in one process) add up. A source that fails
 * (its database is down) or has not answered within SOURCE_WAIT_MS (a broker that does not answer)
 * leaves its series out of that scrape instead of failing or stalling it: the metrics must still
 * come when a server is away, which is when they are needed.
 */
import { Gauge } from 'prom-client';
import { once } from './registry.js';

export const SOURCE_WAIT_MS = 500;

const NOTHING: readonly never[] = [];

/** The source's readings, or none when it fails or is slower than `waitMs`. */
async function readingsOf<T>(source: () => readonly T[] | Promise<readonly T[]>, waitMs: number): Promise<readonly T[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(source),
      new Promise<readonly T[]>((resolve) => {
        timer = setTimeout(() => resolve(NOTHING), waitMs);
      }),
    ]);
  } catch {
    return NOTHING;
  } finally {
    clearTimeout(timer);
  }
}

export interface Reading<L extends string> {
  labels: Record<L, string>;
  value: number;
}

export type GaugeSource<L extends string> = () => readonly Reading<L>[] | Promise<readonly Reading<L>[]>;

export interface SourcedGauge<L extends string> {
  /** Adds a source; the function answered removes it. */
  add(source: GaugeSource<L>): () => void;
}

export function sourcedGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  waitMs = SOURCE_WAIT_MS,
): SourcedGauge<L> {
  const sources = new Set<GaugeSource<L>>();
  const gauge = once(
    (registry) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          const readings = await Promise.all([...sources].map((source) => readingsOf(source, waitMs)));
          this.reset();
          for (const list of readings) for (const { labels, value } of list) this.inc(labels, value);
        },
      }),
  );
  return {
    add(source) {
      gauge();
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}
