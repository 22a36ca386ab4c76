/**
 * `kora_media_transcode_seconds`: each video transcode's time by outcome; its `_count` is the
 * transcodes by outcome. `ready`: stored and announced; `refused`: the file broke a rule (final);
 * `failed`: anything else (retried until the queue's attempts run out).
 */
import { Histogram } from 'prom-client';
import { once } from './registry.js';

export type TranscodeOutcome = 'ready' | 'refused' | 'failed';

const transcodes = once(
  (registry) =>
    new Histogram<'outcome'>({
      name: 'kora_media_transcode_seconds',
      help: 'Video transcodes by outcome, and how long each took',
      labelNames: ['outcome'],
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers: [registry],
    }),
);

export function observeTranscode(outcome: TranscodeOutcome, seconds: number): void {
  transcodes().observe({ outcome }, seconds);
}
