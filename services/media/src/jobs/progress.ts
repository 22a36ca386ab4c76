/**
 * A job's progress, reported to the runner (BullMQ shows it) and to the video's row (the status
 * API shows it). ffmpeg reports many times a second; the row is written at most once a second and
 * only when the percentage moved, one write at a time. A failed write is logged, never fatal.
 */
import type { JobContext } from '@kora/platform/service';
import type { Media } from '../context.js';
import { recordProgress } from '../videos/records.js';

const EVERY_MS = 1_000;

export interface ProgressReporter {
  /** 0-100; `force` skips the once-a-second limit (milestones). */
  report(percent: number, force?: boolean): void;
  /** Resolves when every write asked so far is done (before the final status is written). */
  settled(): Promise<void>;
}

export function progressReporter(media: Media, job: JobContext<unknown>, videoId: number): ProgressReporter {
  let last = -1;
  let lastAt = 0;
  let writes = Promise.resolve();
  return {
    report(percent, force = false) {
      const value = Math.max(0, Math.min(99, Math.round(percent)));
      const now = Date.now();
      if (value === last || (!force && now - lastAt < EVERY_MS)) return;
      last = value;
      lastAt = now;
      writes = writes
        .then(() => Promise.all([job.progress(value), recordProgress(media, videoId, value)]))
        .then(
          () => undefined,
          (err) => media.ctx.log.warn({ err, videoId }, 'could not record video progress'),
        );
    },
    settled: () => writes,
  };
}
