/**
 * How long this instance's event loop keeps callbacks waiting: Node's own sampler
 * (perf_hooks.monitorEventLoopDelay), read in windows. A notification waits behind whatever the
 * loop is doing (a heartbeat tick, a burst of handshakes), so this is the part of a socket's
 * latency the instance itself adds; the bench reports it beside like-to-socket (decision 049).
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The sampler's timer period: each sample is this period plus the delay, so it is taken off again. */
const RESOLUTION_MS = 10;

export interface EventLoopWindow {
  /** Milliseconds the window lasted, and the samples taken in it. */
  windowMs: number;
  samples: number;
  /** Delay beyond the sampler's own period, in milliseconds. */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export class EventLoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private since = performance.now();

  constructor() {
    this.histogram.enable();
  }

  /** The delays since the previous read (or the start); the next window starts now. */
  read(): EventLoopWindow {
    const h = this.histogram;
    const ms = (ns: number) => Math.round(Math.max(0, ns / 1e6 - RESOLUTION_MS) * 100) / 100;
    const empty = h.count === 0;
    const window: EventLoopWindow = {
      windowMs: Math.round(performance.now() - this.since),
      samples: h.count,
      p50Ms: empty ? 0 : ms(h.percentile(50)),
      p90Ms: empty ? 0 : ms(h.percentile(90)),
      p99Ms: empty ? 0 : ms(h.percentile(99)),
      maxMs: empty ? 0 : ms(h.max),
    };
    h.reset();
    this.since = performance.now();
    return window;
  }

  stop(): void {
    this.histogram.disable();
  }
}
