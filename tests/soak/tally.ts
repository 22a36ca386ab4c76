/**
 * Counts of the workload's requests, so each fault can report how many failed while it lasted.
 * A request counts as failed when it answered 5xx or did not answer (network error, timeout); 4xx
 * answers are the workload's own races (liking a post twice) and count as answered.
 */
export interface Tally {
  ok: number;
  failed: number;
}

export class RequestTally {
  private counts: Tally = { ok: 0, failed: 0 };
  /** Failures by "status path" (e.g. "503 POST /api/posts"), for the report's examples. */
  readonly failures = new Map<string, number>();

  record(outcome: { status: number | null; method: string; path: string }): void {
    if (outcome.status !== null && outcome.status < 500) {
      this.counts.ok += 1;
      return;
    }
    this.counts.failed += 1;
    const route = outcome.path.replace(/\/\d+(?=\/|$|\?)/g, '/:id').replace(/\?.*$/, '');
    const key = `${outcome.status ?? 'no answer'} ${outcome.method} ${route}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  snapshot(): Tally {
    return { ...this.counts };
  }

  /** What happened between two snapshots. */
  static since(before: Tally, after: Tally): Tally {
    return { ok: after.ok - before.ok, failed: after.failed - before.failed };
  }

  /** The most frequent failures, "count × key". */
  topFailures(limit = 3): string[] {
    return [...this.failures.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([key, count]) => `${count}× ${key}`);
  }
}
