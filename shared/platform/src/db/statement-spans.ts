/**
 * A span for each statement a node-postgres pool runs under a traced request or event (decision
 * 053): `db.system` postgresql and the statement's text as the driver got it, with `$n` where the
 * values go (the values themselves are never recorded). A statement run outside any span (the
 * outbox relay's polls, migrations) makes none. Installed only when tracing is on.
 *
 * The parent is read when the statement is asked for. `pool.query` hands its statement to a pooled
 * connection later, from whichever call released that connection (node-postgres keeps no async
 * context across its queue of waiting queries), so the pool's own calls carry the parent they were
 * made under to the connection with the statement.
 */
import { ATTR_DB_OPERATION_NAME, ATTR_DB_QUERY_TEXT, ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import type pg from 'pg';
import { currentSpan } from '../logger.js';
import type { Span, Tracing } from '../tracing/tracing.js';

const PARENT = Symbol('kora.statement-parent');
/** Longer statements are cut: a migration's script is no use in a span. */
const MAX_TEXT = 2_000;

type QueryConfig = { text: string; [PARENT]?: Span | null };
type Query = (this: unknown, ...args: unknown[]) => unknown;

function textOf(statement: unknown): string | undefined {
  if (typeof statement === 'string') return statement;
  if (statement && typeof statement === 'object' && typeof (statement as { submit?: unknown }).submit !== 'function') {
    const text = (statement as { text?: unknown }).text;
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

/** The statement's first word: SELECT, INSERT, BEGIN... */
function operationOf(text: string): string {
  const match = /^\s*([A-Za-z]+)/.exec(text);
  return match ? match[1]!.toUpperCase() : 'SQL';
}

function statementSpan(tracing: Tracing, parent: Span, text: string): Span {
  const operation = operationOf(text);
  return tracing.startSpan(operation, {
    kind: 'client',
    parent,
    attributes: {
      // `db.system` is the older name, still the one many backends read.
      'db.system': 'postgresql',
      [ATTR_DB_SYSTEM_NAME]: 'postgresql',
      [ATTR_DB_OPERATION_NAME]: operation,
      [ATTR_DB_QUERY_TEXT]: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text,
    },
  });
}

function ended(tracing: Tracing, span: Span, error: unknown): void {
  if (error) tracing.fail(span, error);
  span.end();
}

/** A connection's `query`, making a span for each statement with a parent. */
function tracedClientQuery(tracing: Tracing, query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    const statement = args[0];
    // A statement from pool.query says its parent (or that it has none); any other was asked for here.
    const parent = statement && typeof statement === 'object' && PARENT in statement ? (statement as QueryConfig)[PARENT] : currentSpan();
    // Under an unsampled span a statement's span would record nothing: none is made.
    const text = parent?.isRecording() ? textOf(statement) : undefined;
    if (!parent || text === undefined) return query.apply(this, args);
    const span = statementSpan(tracing, parent, text);
    const last = args.length - 1;
    const callback = args[last];
    if (last > 0 && typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        ended(tracing, span, error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args) as Promise<unknown> | undefined;
    // No promise: a callback inside the statement's own config (node-postgres allows it) answers.
    if (typeof answer?.then !== 'function') span.end();
    else
      answer.then(
        () => ended(tracing, span, null),
        (error: unknown) => ended(tracing, span, error),
      );
    return answer;
  };
}

/** The pool's `query`, carrying the caller's span to the connection that runs the statement. */
function parentCarryingPoolQuery(query: Query): Query {
  return function (this: unknown, ...args: unknown[]) {
    const statement = args[0];
    // Null too: the connection must not take the span of whichever call released it.
    const parent = currentSpan();
    if (typeof statement === 'string') args[0] = { text: statement, [PARENT]: parent };
    else if (textOf(statement) !== undefined) args[0] = { ...(statement as object), [PARENT]: parent };
    return query.apply(this, args);
  };
}

export function traceStatements(pool: pg.Pool, tracing: Tracing): void {
  const poolQuery: Query = pool.query.bind(pool);
  pool.query = parentCarryingPoolQuery(poolQuery) as typeof pool.query;
  pool.on('connect', (client) => {
    const clientQuery: Query = client.query.bind(client);
    client.query = tracedClientQuery(tracing, clientQuery) as typeof client.query;
  });
}
