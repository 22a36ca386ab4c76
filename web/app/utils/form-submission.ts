/**
 * Reading a submitted form with conform (`parseWithZod`): the FormData becomes the schema's input,
 * and the answer is the data or the refused fields, each with its first text. The schemas are the
 * contracts' (under `schemas/`), so the page refuses what the API would, with the same words.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';

export type FormResult<T> = { ok: true; data: T } | { ok: false; error: string; field?: string };
export type FieldErrors = Record<string, string>;
export type FieldsResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** A text field as a form sends it: a missing field or a file reads as ''. */
export const textField = z.string().catch('');

/** An object of text fields with these names. */
export function textFields<K extends string>(names: readonly K[]): z.ZodObject<Record<K, typeof textField>> {
  return z.object(Object.fromEntries(names.map((name) => [name, textField])) as Record<K, typeof textField>);
}

function submit<S extends z.ZodType>(form: FormData, schema: S) {
  // Values reach the schema as typed: an empty field must get the contract's "required" text,
  // which conform's coercion (empty → undefined) would turn into zod's generic one.
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

/** Every refused field with its first text; a refusal about the whole form is under `form`. */
export function parseFormFields<S extends z.ZodType>(form: FormData, schema: S): FieldsResult<z.output<S>> {
  const submission = submit(form, schema);
  if (submission.status === 'success') return { ok: true, data: submission.value };
  const fieldErrors: FieldErrors = {};
  for (const [name, texts] of Object.entries(submission.error ?? {})) {
    const text = texts?.[0];
    if (text !== undefined) fieldErrors[name === '' ? 'form' : name] ??= text;
  }
  return { ok: false, fieldErrors };
}

/** The data, or the first refusal (the API answers one text) with the field it concerns. */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): FormResult<z.output<S>> {
  const parsed = parseFormFields(form, schema);
  if (parsed.ok) return parsed;
  const [field, error] = Object.entries(parsed.fieldErrors)[0] ?? ['form', 'Please check the form'];
  return field === 'form' ? { ok: false, error } : { ok: false, error, field };
}

/**
 * The form's fields read by `fields`, then checked with a contract's `schema`. The fields are taken
 * as a plain schema: zod's pipe asks the contract to take exactly the fields' output type, and the
 * contracts take optional keys that a form always sends.
 */
export function thenCheck<S extends z.ZodType>(fields: z.ZodType, schema: S): z.ZodType<z.output<S>> {
  return fields.pipe(schema);
}

/** Adds a refusal of one field inside a schema's refinement. */
export function refuse(ctx: z.RefinementCtx, message: string, field: string): void {
  ctx.addIssue({ code: 'custom', message, path: [field] });
}

/** The named text fields as typed (kept to fill a form again after a refusal). */
export function typedValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  return textFields(names).parse(Object.fromEntries(names.map((name) => [name, form.get(name)]))) as Record<K, string>;
}

/** One text field of a submitted form: '' (or `fallback`) when it is missing or a file. */
export function formText(form: FormData, name: string, fallback = ''): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : fallback;
}
