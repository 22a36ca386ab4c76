/**
 * Merges the services' OpenAPI documents into the one document integrators read. Pure: no I/O.
 *
 * - Only paths the gateway actually routes to that service are kept (`serviceForPath`), so internal
 *   routes a service documents for itself never show up as public API.
 * - Every operation is tagged with its service's name, so Swagger UI groups the API by service.
 * - It is complete for integrators' tools (Redocly's recommended rules pass, decision 015): a
 *   `servers` entry (this same origin), the security schemes every operation names, and `/ws`
 *   beside the notifications service's paths, since no service document describes it (socket-doc.ts).
 * - Component schemas are merged; when two services use one name for different schemas, the later
 *   one is renamed `<service>.<Name>` and its `$ref`s rewritten, so neither silently replaces the other.
 */
import { featureForPath, serviceForPath, type ServiceName } from '@kora/contracts';
import { SECURITY_SCHEMES } from '@kora/platform';
import { SOCKET_PATH_ITEM } from './socket-doc.js';

type Json = Record<string, unknown>;

export interface ServiceDocument {
  service: ServiceName;
  doc: unknown;
}

export interface MergedOpenApi {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Json>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown>; parameters: Record<string, unknown> };
  'x-unavailable-services': string[];
}

const OPERATIONS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const SCHEMA_REF = '#/components/schemas/';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rewriteRefs(value: unknown, renames: Map<string, string>): unknown {
  if (renames.size === 0) return value;
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, renames));
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith(SCHEMA_REF)) {
      const renamed = renames.get(v.slice(SCHEMA_REF.length));
      out[key] = renamed ? SCHEMA_REF + renamed : v;
    } else {
      out[key] = rewriteRefs(v, renames);
    }
  }
  return out;
}

/**
 * OpenAPI 3.0's `nullable` does not widen an `enum`: a nullable enum must list null itself, or
 * strict validators refuse the null the service answers. zod writes `nullable: true` beside the
 * values only, so null is added here.
 */
export function nullInNullableEnums(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullInNullableEnums);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) out[key] = nullInNullableEnums(v);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  return out;
}

const EDGE_ERROR = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['error', 'message', 'code'],
        properties: { error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } },
      },
    },
  },
};
const WITH_BODY = new Set(['post', 'put', 'patch']);

/** Optional on every path (decision 045): the language refusals are written in. */
export const ACCEPT_LANGUAGE_PARAMETER = {
  name: 'Accept-Language',
  in: 'header',
  required: false,
  description:
    'Optional. The language of the texts in error answers (`error`, `message`): an offered language it asks for ' +
    '(`en`, or `pcm` for Nigerian Pidgin) is answered with `Content-Language`; without it, or asking for none offered, they are English.',
  schema: { type: 'string', example: 'pcm' },
};
const ACCEPT_LANGUAGE_REF = { $ref: '#/components/parameters/AcceptLanguage' };

/**
 * What the gateway itself may answer on an operation, before or instead of its service: too many
 * requests, a malformed request, a body too large, a switched-off feature, the service down or too slow. A service's
 * own description of a status stays.
 */
export function withEdgeAnswers(path: string, method: string, responses: Json): Json {
  const edge: Json = {
    '400': { description: 'The request is not valid: a malformed path, query or body (BAD_REQUEST)', ...EDGE_ERROR },
    '429': {
      description: 'Too many requests from this member, address or account (RATE_LIMITED); Retry-After says when to try again',
      ...EDGE_ERROR,
    },
    '5XX': { description: 'The service behind this path is down, restarting or too slow (502, 503, 504)', ...EDGE_ERROR },
  };
  if (WITH_BODY.has(method)) edge['413'] = { description: 'The request body is too large (PAYLOAD_TOO_LARGE)', ...EDGE_ERROR };
  if (featureForPath(path)) edge['404'] = { description: 'The feature is switched off by an admin (FEATURE_DISABLED)', ...EDGE_ERROR };
  return { ...edge, ...responses };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function mergeOpenApi(documents: readonly ServiceDocument[], unavailable: readonly string[]): MergedOpenApi {
  const merged: MergedOpenApi = {
    openapi: '3.0.3',
    info: {
      title: 'Kora API',
      version: '1.0.0',
      description:
        'Every public endpoint of Kora, grouped by the service that owns it. Authenticate with ' +
        '`Authorization: Bearer <access token>`; browsers use the httpOnly `kora_at` cookie instead. ' +
        'Errors answer `{ error, message, code }`: show `error`, branch on `code`. Lists answer a bare ' +
        'array; the next page is in the `Link` (rel="next") and `X-Next-Cursor` headers, absent on the last page. ' +
        'Error texts are English unless the optional `Accept-Language` header asks for another offered language (`pcm`).',
    },
    servers: [{ url: '/', description: 'The site serving this document' }],
    tags: [],
    paths: {},
    components: {
      schemas: {},
      securitySchemes: { ...SECURITY_SCHEMES },
      parameters: { AcceptLanguage: ACCEPT_LANGUAGE_PARAMETER },
    },
    'x-unavailable-services': [...unavailable],
  };

  let versionTaken = false;
  for (const { service, doc: served } of documents) {
    const doc = nullInNullableEnums(served);
    if (!isObject(doc) || !isObject(doc.paths)) continue;
    if (!versionTaken && typeof doc.openapi === 'string') {
      merged.openapi = doc.openapi;
      versionTaken = true;
    }

    const components = isObject(doc.components) ? doc.components : {};
    const schemas = isObject(components.schemas) ? components.schemas : {};
    const renames = new Map<string, string>();
    for (const [name, schema] of Object.entries(schemas)) {
      if (name in merged.components.schemas && !sameJson(merged.components.schemas[name], schema)) {
        renames.set(name, `${service}.${name}`);
      }
    }
    for (const [name, schema] of Object.entries(schemas)) {
      merged.components.schemas[renames.get(name) ?? name] = rewriteRefs(schema, renames);
    }
    if (isObject(components.securitySchemes)) {
      for (const [name, scheme] of Object.entries(components.securitySchemes)) {
        merged.components.securitySchemes[name] ??= scheme;
      }
    }

    let contributed = false;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!isObject(item) || serviceForPath(path) !== service) continue;
      const out: Json = {};
      for (const [key, value] of Object.entries(item)) {
        const rewritten = rewriteRefs(value, renames);
        out[key] =
          OPERATIONS.has(key) && isObject(rewritten)
            ? {
                ...rewritten,
                tags: [service],
                responses: withEdgeAnswers(path, key, isObject(rewritten.responses) ? rewritten.responses : {}),
              }
            : rewritten;
      }
      const parameters = Array.isArray(out.parameters) ? (out.parameters as unknown[]) : [];
      merged.paths[path] = { ...out, parameters: [...parameters, ACCEPT_LANGUAGE_REF] };
      contributed = true;
    }
    if (contributed) {
      const info = isObject(doc.info) ? doc.info : {};
      const description = typeof info.description === 'string' ? info.description : undefined;
      merged.tags.push(description ? { name: service, description } : { name: service });
    }
  }
  // The socket leads to the notifications service: described while that service is.
  if (merged.tags.some((tag) => tag.name === 'notifications')) merged.paths['/ws'] = SOCKET_PATH_ITEM;
  return merged;
}
