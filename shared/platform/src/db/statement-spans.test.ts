import { recordSpans, type SpanRecorder } from '@kora/testing/spans';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWithTrace } from '../logger.js';
import { activeTracing, type Span } from '../tracing/tracing.js';
import { traceStatements } from './statement-spans.js';

type Callback = (error: Error | null, result?: unknown) => void;

/**
 * node-postgres's shape, as far as the spans go: the pool hands a query to its connection later,
 * when some other call releases it (so in that call's async context), and a checked-out connection
 * answers a promise (or a callback).
 */
class FakePool extends EventEmitter {
  readonly connection = {
    query(config: unknown, _values?: unknown, callback?: Callback): Promise<unknown> | undefined {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const outcome = text.startsWith('fail') ? new Error('syntax error') : null;
      if (callback) {
        setImmediate(() => callback(outcome, { rows: [] }));
        return undefined;
      }
      return outcome ? Promise.reject(outcome) : Promise.resolve({ rows: [] });
    },
  };
  private readonly waiting: (() => void)[] = [];

  query(text: unknown, values: unknown, callback: Callback): void {
    this.waiting.push(() => void this.connection.query(text, values, callback));
  }

  /** Another call gives its connection back: the first waiting query runs, from here. */
  release(): void {
    this.waiting.shift()?.();
  }
}

describe('statement spans', () => {
  let recorder: SpanRecorder;
  let pool: FakePool;
  let request: Span;
  let other: Span;

  beforeEach(() => {
    recorder = recordSpans('posts');
    pool = new FakePool();
    traceStatements(pool as unknown as pg.Pool, activeTracing()!);
    pool.emit('connect', pool.connection);
    request = activeTracing()!.startSpan('request', { kind: 'server' });
    other = activeTracing()!.startSpan('another request', { kind: 'server' });
  });
  afterEach(async () => {
    await recorder.stop();
  });

  const statements = () => recorder.spans().filter((s) => s.kind === 'client');
  const pooled = (text: string | { text: string; name?: string }) => new Promise<void>((resolve) => pool.query(text, [1], () => resolve()));

  it('puts a pool query under the span it was asked under, whoever releases the connection', async () => {
    const done = runWithTrace('a', () => pooled('select * from posts where id = $1'), request);
    runWithTrace('b', () => pool.release(), other);
    await done;
    expect(statements()).toEqual([
      expect.objectContaining({
        name: 'SELECT',
        parentSpanId: request.spanContext().spanId,
        attributes: {
          'db.system': 'postgresql',
          'db.system.name': 'postgresql',
          'db.operation.name': 'SELECT',
          'db.query.text': 'select * from posts where id = $1',
        },
      }),
    ]);
  });

  it('makes no span for a pool query asked outside any span, even when released inside one', async () => {
    const done = pooled({ name: 'kora_1', text: 'update outbox set published = true' });
    runWithTrace('b', () => pool.release(), other);
    await done;
    expect(statements()).toEqual([]);
  });

  it('traces a checked-out connection’s statements under the current span, failed ones marked', async () => {
    await runWithTrace(
      'a',
      async () => {
        await pool.connection.query({ text: 'insert into likes values ($1, $2)' }, [1, 2]);
        await expect(pool.connection.query('fail me')).rejects.toThrow('syntax error');
      },
      request,
    );
    await pool.connection.query('select 1');
    expect(statements().map((s) => [s.name, s.parentSpanId, s.status])).toEqual([
      ['INSERT', request.spanContext().spanId, 0],
      ['FAIL', request.spanContext().spanId, 2],
    ]);
  });

  it('makes none under an unsampled span', async () => {
    const unsampled = activeTracing()!.startSpan('request', {
      kind: 'server',
      remote: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00' },
    });
    await runWithTrace('a', () => pool.connection.query('select 1'), unsampled);
    expect(statements()).toEqual([]);
  });
});
