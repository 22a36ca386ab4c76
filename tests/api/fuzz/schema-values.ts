/**
 * Values that fit a JSON schema of the document: the well-formed part of a fuzzed request, so the
 * one hostile change the fuzzer makes is what the service has to deal with. Numbers stay small and
 * ids come from the caller's real ones (`ids`), so requests reach real rows, not only "not found".
 */
import fc from 'fast-check';
import type { JsonSchema } from './openapi.js';

export interface ValueContext {
  /** Real ids the callers own or can see (their user ids, a post), used for integer fields. */
  ids: number[];
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

export function valueFor(schema: JsonSchema, ctx: ValueContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, ctx, depth)));
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf) as JsonSchema, ctx, depth);
  switch (typeOf(schema)) {
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 0;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 1_000) : min + 1_000;
      const fits = ctx.ids.filter((id) => id >= min && id <= max);
      return fits.length ? fc.oneof(fc.constantFrom(...fits), fc.integer({ min, max })) : fc.integer({ min, max });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      return fc.array(valueFor(schema.items ?? {}, ctx, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const arbitraries = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, valueFor(s, ctx, depth + 1)]));
      return fc.record(arbitraries, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
    }
    default:
      return fc.constantFrom('x', 1, true);
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern JavaScript cannot compile: fall through to plain text.
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date')
    return fc.date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) }).map((d) => d.toISOString().slice(0, 10));
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.min(schema.maxLength ?? 20, Math.max(minLength, 20)) });
}
