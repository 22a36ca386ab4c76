/**
 * Logging: pino, JSON, one line per event. The request id of the HTTP call being served (or of the
 * event being consumed) is kept in async context and stamped on every line, so one id follows a
 * change from the gateway through a service, into the event envelope and into consumer logs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { destination, pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

interface TraceContext {
  requestId: string;
}

const traceStorage = new AsyncLocalStorage<TraceContext>();

export function runWithTrace<T>(requestId: string, fn: () => T): T {
  return traceStorage.run({ requestId }, fn);
}

export function currentTraceId(): string | null {
  return traceStorage.getStore()?.requestId ?? null;
}

/**
 * Lines go to stdout (or to the file `dest` names, appended) through an asynchronous sonic-boom:
 * while one write is in flight the next lines gather and leave together, instead of one system call
 * per line in the request path (pino's default is a synchronous write). pino flushes what is left
 * when the process exits.
 */
export function createLogger(service: string, level: LoggerOptions['level'] = 'info', dest: 1 | string = 1): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentTraceId();
      return requestId ? { traceId: requestId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-kora-identity"]', '*.password'],
      censor: '[redacted]',
    },
  }, destination({ dest, sync: false, minLength: 4096, ...(dest === 1 ? {} : { mkdir: true }) }));
}
