/**
 * `kora_queue_jobs_failed_total`: failed job attempts by queue; `final` says whether it was the
 * job's last try (the job then stays failed) or a retry follows.
 */
import { Counter } from 'prom-client';
import { once } from './registry.js';

const failures = once(
  (registry) =>
    new Counter<'queue' | 'final'>({
      name: 'kora_queue_jobs_failed_total',
      help: 'Failed job attempts, by queue and whether the attempt was the last one',
      labelNames: ['queue', 'final'],
      registers: [registry],
    }),
);

export function countFailedJob(queue: string, final: boolean): void {
  failures().inc({ queue, final: String(final) });
}
