/**
 * In-process job runner for embedded mode: the same contract as BullMQ (retries with exponential
 * back-off, bounded concurrency per queue, job ids that deduplicate), without Redis. Jobs live in
 * memory; a job still queued when the process stops is lost, which is acceptable for a single-user
 * local install and is why production uses BullMQ.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { countFailedJob } from '../metrics/queue-failures.js';
import { processInTrace, queuedTraceparent } from './job-spans.js';
import {
  defaultQueueOptions,
  type EnqueueOptions,
  type JobProcessor,
  type JobRunner,
  type QueueJobCount,
  type QueueOptions,
  type RepeatOptions,
} from './jobs.js';

interface QueuedJob {
  id: string;
  data: unknown;
  attempt: number;
  traceparent: string | undefined;
}

interface MemoryQueue {
  options: Required<QueueOptions>;
  processor?: JobProcessor<unknown>;
  waiting: QueuedJob[];
  active: number;
  known: Set<string>;
}

export class MemoryJobRunner implements JobRunner {
  readonly kind = 'memory' as const;
  private readonly queues = new Map<string, MemoryQueue>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Repeating schedules by `queue:name`: declaring one again replaces it. */
  private readonly schedules = new Map<string, NodeJS.Timeout>();
  private started = false;
  private closing = false;

  constructor(private readonly log: Logger) {}

  register<T>(queue: string, processor: JobProcessor<T>, options?: QueueOptions): void {
    const q = this.ensure(queue, options);
    q.processor = processor as JobProcessor<unknown>;
  }

  declare(queue: string, options?: QueueOptions): void {
    this.ensure(queue, options);
  }

  async enqueue<T>(queue: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const q = this.queues.get(queue);
    if (!q) throw new Error(`Unknown queue ${queue}`);
    const id = options.jobId ?? randomUUID();
    if (q.known.has(id)) return id;
    q.known.add(id);
    const job: QueuedJob = { id, data, attempt: 1, traceparent: queuedTraceparent(queue) };
    if (options.delayMs) this.later(options.delayMs, () => this.push(queue, job));
    else this.push(queue, job);
    return id;
  }

  async repeat<T>(queue: string, name: string, data: T, options: RepeatOptions): Promise<void> {
    if (!this.queues.has(queue)) throw new Error(`Unknown queue ${queue}`);
    const key = `${queue}:${name}`;
    clearInterval(this.schedules.get(key));
    const timer = setInterval(() => void this.enqueue(queue, data), options.everyMs);
    // A schedule alone does not keep the process alive (BullMQ's lives in Redis, not here).
    timer.unref();
    this.schedules.set(key, timer);
  }

  async start(): Promise<void> {
    this.started = true;
    for (const name of this.queues.keys()) this.pump(name);
  }

  async ping(): Promise<void> {}

  /** Waiting and running jobs: a delayed retry or a failed job is not kept in a queue here. */
  async jobCounts(): Promise<QueueJobCount[]> {
    return [...this.queues].flatMap(([queue, q]) => [
      { queue, state: 'waiting', count: q.waiting.length },
      { queue, state: 'active', count: q.active },
    ]);
  }

  /** Resolves when no job is running or waiting (tests use it). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0 || [...this.queues.values()].some((q) => q.waiting.length > 0 && q.processor)) {
      await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 20))]);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.schedules.forEach(clearInterval);
    this.schedules.clear();
    this.timers.forEach(clearTimeout);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private ensure(queue: string, options?: QueueOptions): MemoryQueue {
    let q = this.queues.get(queue);
    if (!q) {
      q = { options: { ...defaultQueueOptions, ...options }, waiting: [], active: 0, known: new Set() };
      this.queues.set(queue, q);
    }
    return q;
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private push(queue: string, job: QueuedJob): void {
    this.queues.get(queue)!.waiting.push(job);
    this.pump(queue);
  }

  private pump(name: string): void {
    const q = this.queues.get(name)!;
    if (!this.started || this.closing || !q.processor) return;
    while (q.active < q.options.concurrency && q.waiting.length > 0) {
      const job = q.waiting.shift()!;
      q.active++;
      const run = this.run(name, q, job).finally(() => {
        q.active--;
        this.inFlight.delete(run);
        this.pump(name);
      });
      this.inFlight.add(run);
    }
  }

  private async run(name: string, q: MemoryQueue, job: QueuedJob): Promise<void> {
    try {
      const traced = { queue: name, id: job.id, attempt: job.attempt, traceparent: job.traceparent };
      await processInTrace(traced, () =>
        q.processor!({ id: job.id, name, data: job.data, attempt: job.attempt, progress: async () => {} }),
      );
      q.known.delete(job.id);
    } catch (err) {
      countFailedJob(name, job.attempt >= q.options.attempts);
      if (job.attempt < q.options.attempts) {
        const delay = q.options.backoffMs * 2 ** (job.attempt - 1);
        this.log.warn({ queue: name, jobId: job.id, attempt: job.attempt, err }, 'job failed; will retry');
        this.later(delay, () => this.push(name, { ...job, attempt: job.attempt + 1 }));
      } else {
        q.known.delete(job.id);
        this.log.error({ queue: name, jobId: job.id, attempt: job.attempt, err }, 'job failed for good');
      }
    }
  }
}
