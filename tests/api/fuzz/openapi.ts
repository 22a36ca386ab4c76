/**
 * The operations of the merged OpenAPI document (gateway/src/docs.ts) in the form the fuzzer builds
 * requests from: method, path template, path and query parameters with their schemas, and the
 * request body (JSON or multipart) if the operation takes one.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The template as documented, e.g. `/api/posts/{id}`. */
  path: string;
  operationId: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { kind: 'json' | 'multipart'; schema: JsonSchema };
  /** Whether the document lists no anonymous way in (`security` without an empty entry). */
  needsSignIn: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
  'x-unavailable-services'?: string[];
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** A schema with `$ref`s to the document's components replaced by what they point at (one level). */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return resolveSchema(doc, doc.components?.schemas?.[name]);
  }
  return schema;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((m) => {
      const op = item[m] as {
        operationId?: string;
        parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: Record<string, unknown>[];
      };
      const params = (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in as Parameter['in'],
        required: Boolean(p.required),
        schema: resolveSchema(doc, p.schema),
      }));
      const content = op.requestBody?.content ?? {};
      const kind = content['multipart/form-data'] ? 'multipart' : content['application/json'] ? 'json' : undefined;
      const security = op.security ?? [];
      return {
        method: m.toUpperCase() as Operation['method'],
        path,
        operationId: op.operationId ?? `${m} ${path}`,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: kind
          ? { kind, schema: resolveSchema(doc, content[kind === 'json' ? 'application/json' : 'multipart/form-data']!.schema) }
          : undefined,
        needsSignIn: security.length > 0 && !security.some((s) => Object.keys(s).length === 0),
      } satisfies Operation;
    }),
  );
}
