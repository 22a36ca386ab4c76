/**
 * Fuzzed requests for one operation of the document: a well-formed request built from its
 * parameter and body schemas, with one hostile change (a mutation).
 *
 * Reads (GET) get every kind of change, including ones a route may well accept (odd text in a
 * search). Writes only get changes no route may accept (a bad id, a wrong type, a missing field, a
 * body past the limit, a content type it does not read, broken multipart): so every write the
 * fuzzer sends must be refused, and the stored data must not change (fuzz.test.ts checks both).
 */
import fc from 'fast-check';
import {
  badContentType,
  badCursor,
  badId,
  BODY_LIMIT,
  deepJson,
  hostileNumberParam,
  hostileText,
  malformedJson,
  pathTrick,
  tooLong,
} from './hostile-values.js';
import { multipartOddity } from './multipart-oddities.js';
import type { JsonSchema, Operation, Parameter } from './openapi.js';
import { valueFor, type ValueContext } from './schema-values.js';

export interface FuzzRequest {
  method: Operation['method'];
  /** As sent on the wire: not normalised, already percent-encoded where it is encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What was made hostile, for the failure report. */
  mutation: string;
  /** Built so that no route may accept it: a write. */
  mustRefuse: boolean;
}

interface Draft {
  pathValues: Record<string, string>;
  query: [string, string][];
  contentType?: string;
  body?: string | Buffer;
  bendPath?: (path: string) => string;
  mutation: string;
}

export interface RequestContext extends ValueContext {
  /** Values for path parameters that are not ids (`{tag}`, `{path}`, `{reference}`). */
  pathExamples: Record<string, string>;
}

const RAW = '__fuzz_raw_value__';
/** JSON with one value spliced in as raw text (so 1e309 or a 20,000-level array get through). */
const withRaw = (value: unknown, raw: string) => JSON.stringify(value).replace(JSON.stringify(RAW), raw);

/**
 * Percent-encoding that, unlike encodeURIComponent, also takes lone surrogates: they go out as the
 * three bytes UTF-8 would give them (invalid UTF-8, as a hostile client may send).
 */
function enc(text: string): string {
  let out = '';
  for (const c of text) {
    // Iterating by code point: a lone surrogate comes out alone, a pair together.
    const code = c.charCodeAt(0);
    if (c.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(c);
  }
  return out;
}
const isWrite = (op: Operation) => op.method !== 'GET';
const typeOf = (s: JsonSchema) =>
  (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type) ?? (s.properties ? 'object' : undefined);

function pathValue(param: Parameter, ctx: RequestContext): fc.Arbitrary<string> {
  if (param.schema.enum?.length) return fc.constantFrom(...param.schema.enum.map(String));
  const example = ctx.pathExamples[param.name];
  if (example !== undefined) return fc.constant(example);
  return fc.constantFrom(...ctx.ids).map(String);
}

function queryValue(param: Parameter, ctx: RequestContext): fc.Arbitrary<[string, string] | null> {
  if (param.name === 'cursor') return fc.constant(null);
  const value = valueFor(param.schema, ctx).map((v) => [param.name, enc(String(v))] as [string, string]);
  return param.required ? value : fc.option(value, { nil: null });
}

function baseDraft(op: Operation, ctx: RequestContext): fc.Arbitrary<Omit<Draft, 'mutation'> & { value: unknown }> {
  const pathValues = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(p, ctx)])));
  const query = fc
    .tuple(...op.queryParams.map((p) => queryValue(p, ctx)))
    .map((pairs) => pairs.filter((p): p is [string, string] => p !== null));
  const value = op.body?.kind === 'json' ? valueFor(op.body.schema, ctx) : fc.constant(undefined);
  return fc.record({ pathValues, query, value }).map((d) => ({
    ...d,
    contentType: op.body?.kind === 'json' ? 'application/json' : undefined,
    body: d.value === undefined ? undefined : JSON.stringify(d.value),
  }));
}

/** Raw JSON text that no value of `schema` can be. */
function wrongFor(schema: JsonSchema): fc.Arbitrary<string> {
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const common = [fc.constant('{}'), deepJson, ...(nullable ? [] : [fc.constant('null')])];
  const asString = (a: fc.Arbitrary<string>) => a.map((s) => JSON.stringify(s));
  switch (typeOf(schema)) {
    case 'string': {
      // Text holding U+0000 is refused everywhere (PostgreSQL cannot store it).
      const specific: fc.Arbitrary<string>[] = [fc.constantFrom('123', 'true', '[]', JSON.stringify('a\u0000b'))];
      if (schema.maxLength !== undefined) specific.push(asString(tooLong(schema.maxLength)));
      if (schema.enum?.length) specific.push(asString(hostileText.filter((t) => !schema.enum!.includes(t))));
      return fc.oneof(...specific, ...common);
    }
    case 'integer':
    case 'number': {
      const specific: fc.Arbitrary<string>[] = [fc.constantFrom('"abc"', '"1"', 'true', '[]', '1e309')];
      if (typeOf(schema) === 'integer') specific.push(fc.constantFrom('1.5', '-0.0000001'));
      if (typeof schema.minimum === 'number' && schema.minimum >= 0) specific.push(fc.constantFrom('-1', '-9223372036854775808'));
      if (typeof schema.maximum === 'number') specific.push(fc.constant(String(schema.maximum * 10 + 1)));
      return fc.oneof(...specific, ...common);
    }
    case 'boolean':
      return fc.oneof(fc.constantFrom('"true"', '0', '1', '[]'), ...common);
    case 'array': {
      const specific: fc.Arbitrary<string>[] = [fc.constantFrom('"x"', '1')];
      if (schema.maxItems !== undefined)
        specific.push(fc.constant(JSON.stringify(Array.from({ length: schema.maxItems + 1 }, () => ({})))));
      return fc.oneof(...specific, ...common);
    }
    case 'object':
      return fc.oneof(
        fc.constantFrom('[]', '"x"', '1'),
        deepJson.filter((t) => t.startsWith('[')),
        ...(nullable ? [] : [fc.constant('null')]),
      );
    default:
      // A schema that allows anything: only a value past the body limit is surely refused.
      return fc.constant(JSON.stringify('x'.repeat(BODY_LIMIT + 10)));
  }
}

type Mutation = (op: Operation, ctx: RequestContext) => fc.Arbitrary<Partial<Draft> & { mutation: string; value?: unknown }>[];

/** Changes to the parameters that every route must refuse, read or write. */
const parameterMutations: Mutation[] = [
  // A bad id in a path parameter.
  (op) =>
    op.pathParams
      .filter((p) => !p.schema.enum && p.name !== 'path')
      .map((p) => badId.map((id) => ({ mutation: `path ${p.name}=${id.slice(0, 40)}`, pathValues: { [p.name]: id } }))),
  // A value outside a path or query parameter's enum.
  (op) =>
    [...op.pathParams, ...op.queryParams]
      .filter((p) => p.schema.enum?.length)
      .map((p) =>
        hostileText
          .filter((t) => !p.schema.enum!.includes(t) && t !== '')
          .map((t) => ({
            mutation: `${p.in} ${p.name} outside its enum`,
            ...(p.in === 'path' ? { pathValues: { [p.name]: enc(t) } } : { query: [[p.name, enc(t)]] as [string, string][] }),
          })),
      ),
];

/** Changes to a write's body (or its path, with a body no route reads) that every route must refuse. */
const bodyMutations: Mutation[] = [
  // The JSON body: of the wrong type as a whole, missing a required field, or one field wrong.
  (op) => {
    if (op.body?.kind !== 'json' || typeOf(op.body.schema) !== 'object') return [];
    const schema = op.body.schema;
    // A deep object is refused only where a field is required or no other is allowed; a body of
    // optional fields may carry an unknown one (as an object-typed field's value may, below).
    const closed = (schema.required ?? []).length > 0 || schema.additionalProperties === false;
    const out: ReturnType<Mutation> = [
      fc
        .oneof(fc.constantFrom('[]', '0', '"x"', 'null', 'true'), closed ? deepJson : deepJson.filter((t) => t.startsWith('[')))
        .map((body) => ({ mutation: `body ${body.slice(0, 20)}`, body })),
    ];
    for (const name of schema.required ?? []) out.push(fc.constant({ mutation: `body without ${name}`, value: { omit: name } }));
    for (const [name, s] of Object.entries(schema.properties ?? {}))
      out.push(
        wrongFor(s).map((raw) => ({
          mutation: `body ${name}=${raw.slice(0, 40)}${raw.length > 40 ? `… (${raw.length} chars)` : ''}`,
          value: { set: name, raw },
        })),
      );
    return out;
  },
  // JSON a parser must refuse, to a route that reads a body.
  (op) =>
    op.body
      ? [malformedJson.map((body) => ({ mutation: `malformed JSON ${JSON.stringify(body)}`, contentType: 'application/json', body }))]
      : [],
  // Past the body limit, on any write.
  () => [
    fc.constant({
      mutation: 'body past the 1 MiB limit',
      contentType: 'application/json',
      body: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT + 1024) }),
    }),
  ],
  // A content type nothing reads (the multipart and form ones are read by some services).
  () => [
    badContentType
      .filter((t) => !t.startsWith('multipart/') && !t.includes('urlencoded') && !t.startsWith('application/json'))
      .map((contentType) => ({ mutation: `content-type ${contentType}`, contentType, body: '<a>1</a>' })),
  ],
  // Broken multipart on upload routes.
  (op) => {
    if (op.body?.kind !== 'multipart') return [];
    const field = Object.keys(op.body.schema.properties ?? { file: {} })[0]!;
    return [multipartOddity(field).map((m) => ({ mutation: `multipart: ${m.oddity}`, contentType: m.contentType, body: m.body }))];
  },
  // A bent path, carrying a body past the limit: refused wherever the path lands.
  () => [
    pathTrick.map((bendPath) => ({
      mutation: `path trick ${bendPath('/p')}`,
      bendPath,
      contentType: 'application/json',
      body: JSON.stringify({ text: 'x'.repeat(BODY_LIMIT + 1024) }),
    })),
  ],
];

/** Changes only reads get: a route may accept them, so they cannot go with a write. */
const readMutations: Mutation[] = [
  (op) =>
    op.pathParams.map((p) =>
      fc
        .oneof(hostileText.map(enc), hostileNumberParam)
        .map((v) => ({ mutation: `path ${p.name}=${decodeSafe(v).slice(0, 40)}`, pathValues: { [p.name]: v } })),
    ),
  (op) =>
    op.queryParams.map((p) => {
      const values =
        p.name === 'cursor'
          ? badCursor
          : typeOf(p.schema) === 'integer' || typeOf(p.schema) === 'number'
            ? hostileNumberParam
            : hostileText.map(enc);
      return values.map((v) => ({ mutation: `query ${p.name}=${decodeSafe(v).slice(0, 40)}`, query: [[p.name, v]] as [string, string][] }));
    }),
  () => [
    fc
      .array(fc.tuple(fc.constantFrom('limit', 'cursor', 'q', '__proto__', 'constructor', 'x[y]', 'a%00'), hostileText.map(enc)), {
        minLength: 1,
        maxLength: 5,
      })
      .map((query) => ({ mutation: `extra query ${query.map(([k]) => k).join(',')}`, query })),
    fc.constant({ mutation: 'query of 20,000 characters', query: [['q', 'a'.repeat(20_000)]] as [string, string][] }),
    fc.constantFrom('limit', 'cursor', 'page').map((k) => ({
      mutation: `repeated ${k}`,
      query: [
        [k, '1'],
        [k, '2'],
        [k, '-1'],
      ] as [string, string][],
    })),
    pathTrick.map((bendPath) => ({ mutation: `path trick ${bendPath('/p')}`, bendPath })),
  ],
];

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function render(op: Operation, draft: Draft, value: unknown, change: { value?: unknown }): FuzzRequest {
  let path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => draft.pathValues[name] ?? '1');
  if (draft.bendPath) path = draft.bendPath(path);
  const query = draft.query.map(([k, v]) => `${k}=${v}`).join('&');
  let body = draft.body;
  const edit = change.value as { omit?: string; set?: string; raw?: string } | undefined;
  if (edit && value && typeof value === 'object') {
    const copy = { ...(value as Record<string, unknown>) };
    if (edit.omit) delete copy[edit.omit];
    if (edit.set) copy[edit.set] = RAW;
    body = edit.set ? withRaw(copy, edit.raw!) : JSON.stringify(copy);
  }
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = draft.contentType ?? 'application/json';
  return { method: op.method, path: query ? `${path}?${query}` : path, headers, body, mutation: draft.mutation, mustRefuse: isWrite(op) };
}

/** Fuzzed requests for `op` (without credentials: the caller adds them). */
export function fuzzedRequests(op: Operation, ctx: RequestContext): fc.Arbitrary<FuzzRequest> {
  const mutations = [...parameterMutations, ...(isWrite(op) ? bodyMutations : readMutations)].flatMap((m) => m(op, ctx));
  return fc.tuple(baseDraft(op, ctx), fc.oneof(...mutations)).map(([base, change]) => {
    const draft: Draft = {
      pathValues: { ...base.pathValues, ...change.pathValues },
      query: change.query ? [...base.query.filter(([k]) => !change.query!.some(([c]) => c === k)), ...change.query] : base.query,
      contentType: change.contentType ?? base.contentType,
      body: change.body ?? base.body,
      bendPath: change.bendPath,
      mutation: change.mutation,
    };
    return render(op, draft, base.value, change);
  });
}
