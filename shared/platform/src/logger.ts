/**
 * Logging: pino, JSON, one line per event. The request id of the HTTP call being served (or of the
 * event being consumed) is kept in async context and stamped on every line, so one id follows a
 * change from the gateway through a service, into the event envelope and into consumer logs.
 * With tracing on (decision 053) the context also holds the span being served, and the id stamped
 * is its W3C trace id.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, symbols, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { logDestination } from './log-destination.js';
import type { Span } from './tracing/tracing.js';

export type { Logger };

interface TraceContext {
  requestId: string;
  /** The request's (or event's) span when tracing is on: the parent of what it does. */
  span: Span | null;
}

const traceStorage = new AsyncLocalStorage<TraceContext>();

export function runWithTrace<T>(requestId: string, fn: () => T, span: Span | null = null): T {
  return traceStorage.run({ requestId, span }, fn);
}

export function currentTraceId(): string | null {
  const context = traceStorage.getStore();
  if (!context) return null;
  return context.span ? context.span.spanContext().traceId : context.requestId;
}

/** The span of the request or event being handled, or null (tracing off, or outside any). */
export function currentSpan(): Span | null {
  return traceStorage.getStore()?.span ?? null;
}

/**
 * The time of a line, ISO 8601 as before, made once per millisecond: a busy process writes several
 * lines in the same millisecond, and formatting a date was a measured share of the gateway's time.
 */
export function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== lastTimeMs) {
    lastTimeMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}
let lastTimeMs = -1;
let lastTime = '';

/** A process's general logger: to stdout, or to the file `dest` names, in blocks (log-destination.ts). */
export function createLogger(service: string, level: LoggerOptions['level'] = 'info', dest: 1 | string = 1): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: isoTimeOncePerMs,
      mixin() {
        const requestId = currentTraceId();
        return requestId ? { traceId: requestId } : {};
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-kora-identity"]', 'password', '*.password'],
        censor: '[redacted]',
      },
    },
    logDestination(dest),
  );
}

/** One answered request, as an access line records it. */
export interface AccessLine {
  traceId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  /** The client left before the whole answer was written. */
  aborted: boolean;
}

export interface AccessLog {
  write(level: 'debug' | 'info' | 'error', line: AccessLine): void;
}

const LEVEL_VALUES = { debug: 20, info: 30, error: 50 } as const;

/**
 * Access lines: one per request, written to the same place as `log`, at its level, with its service,
 * in the shape pino gives every line (level, time, bindings, fields, msg), but formatted here from
 * their six known fields. A proxy writes one for every request it passes on, and in the gateway's
 * process pino's general path (its object walk, serializers, redaction and mixin) was a large share
 * of the gateway's whole cost per request (decision 014, docs/performance.md). Every other line
 * still goes through pino.
 */
export function createAccessLog(log: Logger): AccessLog {
  const stream = (log as unknown as Record<symbol, unknown>)[symbols.streamSym] as DestinationStream;
  const bindings = JSON.stringify(log.bindings()).slice(1, -1);
  return {
    write(level, line) {
      if (!log.isLevelEnabled(level)) return;
      stream.write(
        `{"level":${LEVEL_VALUES[level]}${isoTimeOncePerMs()},${bindings},"traceId":${JSON.stringify(line.traceId)},"method":${JSON.stringify(line.method)},` +
          `"url":${JSON.stringify(line.url)},"status":${line.status},"ms":${line.ms}${line.aborted ? ',"aborted":true' : ''},"msg":"request completed"}\n`,
      );
    },
  };
}
