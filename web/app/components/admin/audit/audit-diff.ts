/**
 * The audit log's "before → after" in a line per change (decision 024): for two objects, only the
 * keys whose values differ, each as compact JSON; anything else compared whole. Secrets were masked
 * by the service before they were recorded, so what is here may be shown as is.
 */
export interface AuditChange {
  /** The changed key, or null when the values are compared whole. */
  key: string | null;
  before: string;
  after: string;
}

const MAX = 120;

/** Compact JSON, cut at 120 characters; an absent value is "—". */
export function compactJson(value: unknown): string {
  if (value === undefined || value === null) return '—';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? typeof value);
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const empty = (v: unknown) => v === undefined || v === null;
  if ((isRecord(before) || empty(before)) && (isRecord(after) || empty(after)) && !(empty(before) && empty(after))) {
    const from = isRecord(before) ? before : {};
    const to = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys
      .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
      .map((key) => ({ key, before: compactJson(from[key]), after: compactJson(to[key]) }));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ key: null, before: compactJson(before), after: compactJson(after) }];
}
