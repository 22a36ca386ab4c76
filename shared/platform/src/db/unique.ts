/** Recognises a unique-index violation (Postgres 23505) from either driver, through Drizzle's wrapper. */
export function violatedUniqueIndex(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      const named = typeof candidate.message === 'string' ? /"([^"]+)"/.exec(candidate.message) : null;
      return named?.[1] ?? '';
    }
  }
  return null;
}
