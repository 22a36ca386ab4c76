/**
 * BullMQ adapter. One Queue (producer side) and, where a processor is registered, one Worker per
 * queue name. Completed jobs are kept an hour (for inspection) and failed ones a week, so Redis does
 * not grow without bound. Failed and stalled jobs are logged with their queue and id.
 */
import { Queue, Worker, type ConnectionOptions, type JobsOptions } from 'bullmq';
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

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

interface Declared {
  options: Required<QueueOptions>;
  processor?: JobProcessor<unknown>;
}

export class BullMqJobRunner implements JobRunner {
  readonly kind = 'bullmq' as const;
  private readonly declared = new Map<string, Declared>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly connection: ConnectionOptions;

  constructor(
    redisUrl: string,
    private readonly log: Logger,
    private readonly prefix = 'kora',
  ) {
    const url = new URL(redisUrl);
    this.connection = {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
      // BullMQ workers block on Redis; they must not give up on a slow or restarting server.
      maxRetriesPerRequest: null,
    };
  }

  register<T>(queue: string, processor: JobProcessor<T>, options?: QueueOptions): void {
    this.declared.set(queue, { options: { ...defaultQueueOptions, ...options }, processor: processor as JobProcessor<unknown> });
  }

  declare(queue: string, options?: QueueOptions): void {
    if (!this.declared.has(queue)) this.declared.set(queue, { options: { ...defaultQueueOptions, ...options } });
  }

  async enqueue<T>(queue: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const traceparent = queuedTraceparent(queue);
    const jobOptions: JobsOptions = {
      ...this.retention(queue),
      ...(options.jobId ? { jobId: options.jobId } : {}),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
      // BullMQ keeps this string with the job for context propagation; no BullMQ telemetry is installed to read it.
      ...(traceparent ? { telemetry: { metadata: traceparent } } : {}),
    };
    const job = await this.queue(queue).add(queue, data, jobOptions);
    return String(job.id);
  }

  async repeat<T>(queue: string, name: string, data: T, options: RepeatOptions): Promise<void> {
    // A job scheduler lives in Redis under its id: upserting the same id from every replica keeps
    // one schedule, and a changed period replaces the old one.
    await this.queue(queue).upsertJobScheduler(
      `${queue}:${name}`,
      { every: options.everyMs },
      { name: queue, data, opts: this.retention(queue) },
    );
  }

  /** Retries and retention, as the queue was declared. */
  private retention(queue: string): JobsOptions {
    const declared = this.declared.get(queue);
    if (!declared) throw new Error(`Unknown queue ${queue}`);
    return {
      attempts: declared.options.attempts,
      backoff: { type: 'exponential', delay: declared.options.backoffMs },
      removeOnComplete: { age: 3_600, count: 1_000 },
      removeOnFail: { age: 7 * 24 * 3_600 },
    };
  }

  async start(): Promise<void> {
    for (const [name, { options, processor }] of this.declared) {
      if (!processor) continue;
      const worker = new Worker(
        name,
        async (job) => {
          const traced = { queue: name, id: String(job.id), attempt: job.attemptsMade + 1, traceparent: job.opts.telemetry?.metadata };
          return processInTrace(traced, () =>
            processor({ id: traced.id, name, data: job.data, attempt: traced.attempt, progress: (p) => job.updateProgress(p) }),
          );
        },
        {
          connection: this.connection,
          prefix: this.prefix,
          concurrency: options.concurrency,
          // A worker killed mid-job (a crashed pod, `npm run soak`'s SIGKILL) leaves its job locked
          // until the lock lapses and a stalled-job check moves it back to the queue. BullMQ's 30 s
          // and 30 s made a member's video sit in "processing" for up to a minute before its
          // transcode even restarted; 15 s and 10 s bring that under half a minute. The lock is
          // renewed every 7.5 s while the job runs (the transcode itself is ffmpeg's process, so
          // the event loop stays free to renew it).
          lockDuration: 15_000,
          stalledInterval: 10_000,
        },
      );
      worker.on('failed', (job, err) => {
        this.log.warn({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed');
        countFailedJob(name, job ? job.attemptsMade >= (job.opts.attempts ?? 1) : true);
      });
      worker.on('stalled', (jobId) => this.log.warn({ queue: name, jobId }, 'job stalled; it will be retried'));
      worker.on('error', (err) => this.log.error({ queue: name, err }, 'job worker error'));
      this.workers.push(worker);
    }
  }

  async ping(): Promise<void> {
    // Any round trip proves Redis answers; counting a queue's waiting jobs is the cheapest one.
    const [first] = this.queues.values();
    await (first ?? this.queue('_ping')).getJobCounts('waiting');
  }

  async jobCounts(): Promise<QueueJobCount[]> {
    const counts = await Promise.all(
      [...this.declared.keys()].map(async (name) => {
        const byState = await this.queue(name).getJobCounts(...COUNTED_STATES);
        return COUNTED_STATES.map((state) => ({ queue: name, state, count: byState[state] ?? 0 }));
      }),
    );
    return counts.flat();
  }

  async close(): Promise<void> {
    // Workers finish the jobs they hold before closing; queues just drop their connections.
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.workers.length = 0;
    this.queues.clear();
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      queue.on('error', (err) => this.log.error({ queue: name, err }, 'job queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }
}
