/**
 * Reads an admin table's state from the page's URL with the contracts' query schema. A value the
 * schema refuses (a hand-edited `?limit=7`) falls back to its default rather than an error page:
 * the admin sees the table, and the URL's next change writes a good value.
 */
import type { z } from 'zod';

export function readQuery<S extends z.ZodObject>(schema: S, url: URL): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) raw[key] = value;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Drop only the refused keys, keeping the rest of what the admin chose.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  for (const key of bad) delete raw[key];
  const retry = schema.safeParse(raw);
  return retry.success ? retry.data : schema.parse({});
}
