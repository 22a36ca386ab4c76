/**
 * How the services write their JSON answers. Each route's zod response schema is turned, once at
 * start-up, into a JSON Schema, and that into a compiled fast-json-stringify serialiser (Fastify's
 * own default), instead of validating every answer against the zod schema and then calling
 * JSON.stringify (fastify-type-provider-zod's serializer). Our answers are built by our own typed
 * code; checking each one again at run time cost more than anything else on the feed's path (see
 * docs/performance.md).
 *
 * What stays: only the properties a schema declares are written, so a field a query happens to
 * return (a password hash, an e-mail) never leaks into an answer. Input is still validated by zod
 * (validatorCompiler), which is where untrusted data comes in.
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`A response schema must be a zod schema, got ${JSON.stringify(schema)}`);
}

/** The JSON Schema fast-json-stringify compiles, from a zod response schema. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
}

export const serializerCompiler: (route: { schema: unknown; method: string; url: string }) => Serializer = ({ schema }) =>
  fastJson(responseJsonSchema(zodSchemaOf(schema)) as unknown as Parameters<typeof fastJson>[0]);
