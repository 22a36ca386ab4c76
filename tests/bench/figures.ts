/**
 * Whether a scenario produced its figures: every row it must report (scenarios.ts) is there, every
 * figure in its report is a finite number, something was measured, and no request failed. Never a
 * time: how fast is a finding of the bench, not a test (run.ts). The smoke run fails on what this
 * finds; `npm run bench` prints it and fails too.
 */
import type { BenchReport, BenchScenario } from './scenarios.js';
import type { Scenario } from './scenario.js';

const ROW_FIGURES = ['rps', 'p50_ms', 'p90_ms', 'p99_ms', 'errors', 'requests'] as const;

/** Each number (or what stands where one should be) under `value`, by its path. */
function numbersIn(value: unknown, at: string, out: [string, unknown][]): [string, unknown][] {
  if (typeof value === 'number' || value === null || value === undefined) out.push([at, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => numbersIn(item, `${at}[${i}]`, out));
  else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) numbersIn(item, `${at}.${key}`, out);
  return out;
}

/** Texts are no figures; a socket bench that met every socket has no reason to say why it stopped. */
const NOT_FIGURES = new Set(['sockets.stoppedBecause']);

function rowProblems(row: Scenario): string[] {
  const problems: string[] = [];
  for (const key of ROW_FIGURES) {
    const value = row[key];
    const optional = key === 'p90_ms' || key === 'requests';
    if (value === undefined && optional) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) problems.push(`${row.name}: ${key} is ${String(value)}`);
  }
  if (row.requests === 0) problems.push(`${row.name}: measured no request`);
  if (row.errors > 0) problems.push(`${row.name}: ${row.errors} failed`);
  for (const [key, value] of Object.entries(row.notes ?? {}))
    if (typeof value === 'number' && !Number.isFinite(value)) problems.push(`${row.name}: notes.${key} is ${value}`);
  return problems;
}

/** What `report` lacks of what `scenario` must report; empty when it produced every figure. */
export function missingFigures(scenario: Pick<BenchScenario, 'rows' | 'figures'>, report: BenchReport): string[] {
  const problems: string[] = [];
  const names = new Set(report.scenarios.map((row) => row.name));
  for (const name of scenario.rows) if (!names.has(name)) problems.push(`no ${name} row`);
  for (const row of report.scenarios) problems.push(...rowProblems(row));
  for (const figure of scenario.figures) {
    const value = report[figure];
    if (value === undefined || value === null) {
      problems.push(`no ${figure}`);
    } else if (figure === 'plan') {
      if (!report.plan?.text.trim()) problems.push('an empty query plan');
    } else {
      for (const [at, number] of numbersIn(value, figure, [])) {
        if (NOT_FIGURES.has(at)) continue;
        if (typeof number !== 'number' || !Number.isFinite(number)) problems.push(`${at} is ${String(number)}`);
      }
    }
  }
  return problems;
}
