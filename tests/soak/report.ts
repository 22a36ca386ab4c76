/** The soak's per-fault table, printed at the end (and after each fault, one row). */
export interface FaultRow {
  fault: string;
  requests: number;
  failed: number;
  /** Seconds from the restart until every /readyz answered 200 again; null if it never did. */
  recoverSeconds: number | null;
  /** Names of the checks that failed after this fault; empty = all held. */
  failedChecks: string[];
  checks: number;
}

const cell = (value: string, width: number) => value.padEnd(width);

export function formatRow(row: FaultRow): string[] {
  return [
    row.fault,
    String(row.requests),
    String(row.failed),
    row.recoverSeconds === null ? 'never' : `${row.recoverSeconds.toFixed(1)} s`,
    row.failedChecks.length ? `FAILED: ${row.failedChecks.join(', ')}` : `${row.checks}/${row.checks} held`,
  ];
}

export function formatTable(rows: FaultRow[]): string {
  const header = ['fault', 'requests', 'failed', 'recovered in', 'checks'];
  const body = rows.map(formatRow);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => cell(c, widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** The soak passes when every fault recovered and every check held. */
export const soakPassed = (rows: FaultRow[]): boolean => rows.every((r) => r.recoverSeconds !== null && r.failedChecks.length === 0);
