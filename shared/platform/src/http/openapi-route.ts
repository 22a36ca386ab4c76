/**
 * How a service's routes appear in its OpenAPI document (merged by the gateway into the one at
 * /api/docs, decision 015). On top of the zod type provider's transform:
 * - every operation says how it is authenticated, because integrators' tools read a missing
 *   `security` as "unknown": a route that declares the member's bearer token also accepts the
 *   browser's `kora_at` cookie (the gateway takes either), and a route that declares nothing is
 *   public (`security: []`);
 * - a paged list route (`config: { pagedList: true }`) documents its `Link` and `X-Next-Cursor`
 *   headers on its 200 answer (page-links.ts);
 * - a wildcard route (`/uploads/*`) is written with a named parameter (`/uploads/{path}`), since
 *   `{*}` is not a parameter name OpenAPI tools accept;
 * - a route serving GET and HEAD gets a HEAD operation of its own, so operation ids stay unique.
 */
import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PAGE_HEADERS_DOC } from './page-links.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a bare array and pages with `Link` / `X-Next-Cursor` (page-links.ts). */
    pagedList?: boolean;
  }
}

export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from POST /api/signin' },
  cookieAuth: { type: 'apiKey', in: 'cookie', name: 'kora_at', description: "The browser's httpOnly access-token cookie" },
} as const;

type Requirement = Record<string, string[]>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** A member route's requirements, with the cookie beside each bearer requirement. */
function withCookie(security: Requirement[]): Requirement[] {
  const out: Requirement[] = [];
  for (const requirement of security) {
    out.push(requirement);
    if ('bearerAuth' in requirement) out.push({ cookieAuth: requirement.bearerAuth ?? [] });
  }
  return out;
}

/** The name a wildcard's value goes by in the documents. */
const WILDCARD_PARAMETER = 'path';

function renameWildcard(params: unknown): unknown {
  const p = params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!p?.properties || !('*' in p.properties)) return params;
  const { '*': wildcard, ...rest } = p.properties;
  return {
    ...p,
    properties: { ...rest, [WILDCARD_PARAMETER]: wildcard },
    required: p.required?.map((name) => (name === '*' ? WILDCARD_PARAMETER : name)),
  };
}

export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const transformed = jsonSchemaTransform(input);
  const schema = { ...(transformed.schema as Record<string, unknown>) };
  let url = transformed.url;
  if (url.endsWith('*')) {
    url = `${url.slice(0, -1)}:${WILDCARD_PARAMETER}`;
    schema.params = renameWildcard(schema.params);
  }
  const security = schema.security as Requirement[] | undefined;
  schema.security = security && security.length > 0 ? withCookie(security) : [];
  const response = schema.response as Record<string, Record<string, unknown>> | undefined;
  if (input.route.config?.pagedList && response?.[200]) {
    schema.response = { ...response, 200: { ...response[200], headers: PAGE_HEADERS_DOC } };
  }
  return { ...transformed, schema, url };
}

type Operation = Record<string, unknown> & { operationId?: string };

/**
 * The whole document, after every route: a HEAD operation that shares its GET's description (one
 * route serving both) gets its own copy and id, `getUploadedFile` → `headUploadedFile`.
 */
export const documentObject: SwaggerTransformObject = (documentObject) => {
  // Services write OpenAPI 3 documents only (build-app.ts), never Swagger 2's `swaggerObject`.
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const { openapiObject } = documentObject;
  for (const item of Object.values((openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    const { get, head } = item;
    if (get && head && head.operationId !== undefined && head.operationId === get.operationId) {
      item.head = { ...head, operationId: head.operationId.replace(/^get/, 'head') };
    }
  }
  return openapiObject;
};
