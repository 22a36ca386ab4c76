/**
 * Form parsing in the spirit of conform's `parseWithZod`, without the dependency: read the named
 * fields from FormData, validate with a zod schema (the contract's, so client and API agree), and
 * answer either the data or the first problem in the spec's words, with the field it concerns.
 */
import type { z } from 'zod';

export type FormResult<T> = { ok: true; data: T } | { ok: false; error: string; field?: string };

/** The named text fields of a form; a missing field or a file reads as ''. */
export function formText<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

export function parseWith<T>(schema: z.ZodType<T>, values: unknown): FormResult<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  return { ok: false, error: issue?.message ?? 'Please check the form', ...(field ? { field } : {}) };
}

export type FieldErrors = Record<string, string>;
export type FieldsResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** Every refused field with its first text (the API answers only the first; a form shows all). */
export function parseAllFields<T>(schema: z.ZodType<T>, values: unknown): FieldsResult<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

export function fail(error: string, field?: string): { ok: false; error: string; field?: string } {
  return field ? { ok: false, error, field } : { ok: false, error };
}

/** FormData from plain values (tests, and forms built in code). */
export function toFormData(fields: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}
