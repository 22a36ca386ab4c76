/**
 * Whether `test` holds for the error or one of its causes: drizzle wraps the driver's error in
 * `cause`, and a service client may wrap drizzle's. A few levels are enough; a cycle stops there.
 */
export interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

export function someCause(err: unknown, test: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as ErrorLike;
  return test(e) || someCause(e.cause, test, depth + 1);
}
