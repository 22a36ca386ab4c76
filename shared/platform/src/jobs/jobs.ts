/**
 * The background-jobs port: named queues, a processor per queue, retries with exponential
 * back-off. BullMQ on Redis in distributed mode, an in-process runner in embedded mode; both honour
 * the same options so a processor behaves the same in either.
 */
export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first try. */
  attempt: number;
  /** Reports progress (0-100) where the runner can show it. */
  progress(percent: number): Promise<void>;
}

export type JobProcessor<T> = (job: JobContext<T>) => Promise<unknown>;

export interface QueueOptions {
  /** Jobs of this queue processed at once by one process. */
  concurrency?: number;
  /** Tries in all, including the first. */
  attempts?: number;
  /** First retry delay; doubles each time. */
  backoffMs?: number;
}

export interface EnqueueOptions {
  /** Deduplicates: a job with the same id is not added twice. */
  jobId?: string;
  delayMs?: number;
}

export interface RepeatOptions {
  /** A job every this many milliseconds. */
  everyMs: number;
}

export interface JobRunner {
  readonly kind: 'bullmq' | 'memory';
  /** Declares a queue and the processor that works it in this process. */
  register<T>(queue: string, processor: JobProcessor<T>, options?: QueueOptions): void;
  /** Declares a queue this process only feeds (the processor runs elsewhere). */
  declare(queue: string, options?: QueueOptions): void;
  enqueue<T>(queue: string, data: T, options?: EnqueueOptions): Promise<string>;
  /**
   * Adds a job with `data` to `queue` every `everyMs`. `name` names the schedule: declaring the
   * same name again (a restart, a second replica) replaces it instead of adding a second one, so
   * however many processes declare it, one job comes per period. Each job honours the queue's
   * attempts and back-off like an enqueued one.
   */
  repeat<T>(queue: string, name: string, data: T, options: RepeatOptions): Promise<void>;
  start(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** How many jobs each queue this process declared holds, by state, for the metrics (decision 052). */
  jobCounts(): Promise<QueueJobCount[]>;
}

export interface QueueJobCount {
  queue: string;
  /** `waiting`, `active`, `delayed`, `failed` (kept a week): what the runner can tell. */
  state: string;
  count: number;
}

export const defaultQueueOptions: Required<QueueOptions> = { concurrency: 2, attempts: 3, backoffMs: 1_000 };
