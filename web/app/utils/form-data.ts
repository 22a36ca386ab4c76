/** FormData from plain values: what a browser would submit, for tests and forms built in code. */
export function toFormData(fields: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}
