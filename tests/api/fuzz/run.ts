/**
 * One fuzzing run: for every operation of the document and each caller that should reach it, a
 * seeded sample of fuzzed requests, sent a few at a time, each answer judged (verdict.ts). Returns
 * what it tried and every problem, with what is needed to replay it.
 */
import fc from 'fast-check';
import { appendFileSync } from 'node:fs';
import type { Operation } from './openapi.js';
import { fuzzedRequests, type FuzzRequest, type RequestContext } from './requests.js';
import { inPool, openSender, type Answer } from './send.js';
import { problemsWith } from './verdict.js';

export interface Caller {
  name: 'anonymous' | 'member' | 'admin';
  headers: Record<string, string>;
}

export interface Finding {
  caller: string;
  request: FuzzRequest;
  answer?: Answer;
  problems: string[];
}

export interface RunSummary {
  tried: number;
  byCaller: Record<string, number>;
  byStatus: Record<string, number>;
  refusedWrites: number;
  findings: Finding[];
  seconds: number;
  /** The slowest answers, to see where the time goes. */
  slowest: { ms: number; what: string }[];
}

/** A seed per operation and caller, so adding a route does not change the others' requests. */
function seedFor(seed: number, key: string): number {
  let h = seed | 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

/** Who calls `op`: admins the back office, members what needs a sign-in, anyone the rest; anonymous always too. */
export function callersFor(op: Operation, callers: Record<Caller['name'], Caller>): Caller[] {
  const main = op.path.startsWith('/api/admin') ? callers.admin : op.needsSignIn ? callers.member : null;
  return main ? [main, callers.anonymous] : [callers.anonymous];
}

export async function fuzzOperations(options: {
  baseUrl: string;
  operations: Operation[];
  callers: Record<Caller['name'], Caller>;
  context: RequestContext;
  seed: number;
  runs: number;
  concurrency?: number;
}): Promise<RunSummary> {
  const started = Date.now();
  const planned: { caller: Caller; request: FuzzRequest }[] = [];
  for (const op of options.operations) {
    for (const caller of callersFor(op, options.callers)) {
      // Anonymous calls to signed-in routes stop at the gateway's sign-in check: fewer are enough.
      const runs = caller.name === 'anonymous' && op.needsSignIn ? Math.max(1, Math.ceil(options.runs / 4)) : options.runs;
      const samples = fc.sample(fuzzedRequests(op, options.context), {
        seed: seedFor(options.seed, `${caller.name} ${op.method} ${op.path}`),
        numRuns: runs,
      });
      for (const request of samples) planned.push({ caller, request: { ...request, headers: { ...request.headers, ...caller.headers } } });
    }
  }
  const sender = openSender(options.baseUrl, options.concurrency ?? 4);
  const summary: RunSummary = {
    tried: planned.length,
    byCaller: {},
    byStatus: {},
    refusedWrites: 0,
    findings: [],
    seconds: 0,
    slowest: [],
  };
  const trace = process.env.FUZZ_TRACE;
  try {
    await inPool(planned, options.concurrency ?? 4, async ({ caller, request }) => {
      summary.byCaller[caller.name] = (summary.byCaller[caller.name] ?? 0) + 1;
      const since = Date.now();
      const outcome = await sender.send(request);
      const ms = Date.now() - since;
      const what = `${caller.name} ${request.method} ${request.path.slice(0, 120)} [${request.mutation.slice(0, 80)}] → ${
        'answer' in outcome ? outcome.answer.status : 'cutOff' in outcome ? `cut off (${outcome.cutOff})` : outcome.failure
      }`;
      summary.slowest.push({ ms, what });
      summary.slowest = summary.slowest.sort((a, b) => b.ms - a.ms).slice(0, 5);
      // FUZZ_TRACE=<file>: every request as it is answered, for a run that needs watching.
      if (trace) appendFileSync(trace, `${ms} ms ${what}\n`);
      if ('failure' in outcome) {
        summary.findings.push({ caller: caller.name, request, problems: [outcome.failure] });
        return;
      }
      if ('cutOff' in outcome) {
        // Counted with the 431s it stands for (send.ts, HEAD_LIMIT_BYTES).
        summary.byStatus['431 (cut off)'] = (summary.byStatus['431 (cut off)'] ?? 0) + 1;
        if (request.mustRefuse) summary.refusedWrites += 1;
        return;
      }
      const { answer } = outcome;
      summary.byStatus[answer.status] = (summary.byStatus[answer.status] ?? 0) + 1;
      if (request.mustRefuse && answer.status >= 400) summary.refusedWrites += 1;
      const problems = problemsWith(answer, request.mustRefuse, request.path);
      if (problems.length) summary.findings.push({ caller: caller.name, request, answer, problems });
    });
  } finally {
    await sender.close();
  }
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}

const excerpt = (value: string | Buffer | undefined, max: number) => {
  if (value === undefined) return '(none)';
  const text = Buffer.isBuffer(value) ? value.toString('latin1') : value;
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
};

/** A finding as a reader replays it: the seed, the request and the answer. */
export function describeFinding(f: Finding, seed: number): string {
  const r = f.request;
  return [
    `- ${f.problems.join('; ')}`,
    `  seed ${seed}, caller ${f.caller}, mutation: ${r.mutation}`,
    `  ${r.method} ${r.path.length > 300 ? `${r.path.slice(0, 300)}… (${r.path.length} chars)` : r.path}`,
    `  content-type: ${r.headers['content-type'] ?? '(none)'}; body: ${excerpt(r.body, 200)}`,
    f.answer ? `  → ${f.answer.status} ${f.answer.contentType}: ${excerpt(f.answer.text, 400)}` : '  → no answer',
  ].join('\n');
}
