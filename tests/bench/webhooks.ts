/**
 * Payment webhooks (`webhooks`): signed `charge.success` webhooks through the gateway to the wallet,
 * the product's Paystack being a fake one started by run.ts (scripts/lib/fake-paystack.mjs; never
 * the real one). Two closed-loop runs of `durationMs` each, 32 requests in flight:
 * - `webhooks-duplicate`: every request the same paid reference (a provider retrying, or a replay
 *   flood): the answers per second and their latency; the reference is credited once.
 * - `webhooks-distinct`: every request a different paid reference (seeded straight into
 *   wallet.payments as pending, marked paid at the fake): answers per second and latency, and, in
 *   the notes, how many were credited and the credits per second from the first webhook to the
 *   last credit (the job's verification and the ledger write included).
 * Only failed answers are errors; nothing is asserted (run.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Agent, request } from 'undici';
import { chargeSuccess, paystackSignature, type FakePaystack } from '../../scripts/lib/fake-paystack.mjs';
import { fromLatencies, type Scenario } from './scenario.js';

const IN_FLIGHT = 32;
const AMOUNT_KOBO = 500_000;
/** Members far above the ids the product hands out. */
const USER_BASE = 8_300_000_000;
/** How long the distinct run's credits may take to land after its last answer. */
const CREDIT_WAIT_MS = 5 * 60_000;

export interface WebhooksBenchTarget {
  gatewayUrl: string;
  databaseUrl: string;
  paystack: FakePaystack;
  durationMs: number;
  /** Paid references seeded for the distinct run: a run that answers more ends early. */
  references: number;
  settle(before: string): Promise<void>;
}

/** Pending payments the product knows, each paid at the fake Paystack: their references. */
async function seedPaid(db: pg.Client, paystack: FakePaystack, count: number, tag: string): Promise<string[]> {
  const references = Array.from({ length: count }, (_, i) => `kora_bench_${tag}_${i}`);
  await db.query(
    `insert into wallet.payments (reference, user_id, email, amount_kobo, provider, status)
     select r, $2::bigint + (n % 1000), 'bench' || (n % 1000) || '@example.ng', $3::bigint, 'paystack', 'pending'
     from unnest($1::text[]) with ordinality as t(r, n)`,
    [references, USER_BASE, AMOUNT_KOBO],
  );
  for (const reference of references) paystack.setTransaction(reference, { status: 'success', amount: AMOUNT_KOBO, currency: 'NGN' });
  return references;
}

/** Sends signed webhooks, `IN_FLIGHT` at a time, for `durationMs`; `bodyOf(n)` is the n-th one's body. */
async function closedLoop(
  name: string,
  url: string,
  secret: string,
  durationMs: number,
  bodyOf: (n: number) => string | undefined,
): Promise<Scenario & { sent: number }> {
  const agent = new Agent({ connections: IN_FLIGHT, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  async function worker(): Promise<void> {
    while (performance.now() < deadline) {
      const body = bodyOf(sent++);
      if (body === undefined) return;
      const at = performance.now();
      try {
        const res = await request(url, {
          dispatcher: agent,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(secret, body) },
          body,
          headersTimeout: 10_000,
          bodyTimeout: 10_000,
        });
        await res.body.dump();
        if (res.statusCode === 200) latencies.push(performance.now() - at);
        else errors++;
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  return { ...fromLatencies(name, latencies, errors, seconds), sent };
}

export async function benchWebhooks(target: WebhooksBenchTarget): Promise<Scenario[]> {
  const db = new pg.Client({ connectionString: target.databaseUrl });
  await db.connect();
  const url = `${target.gatewayUrl}/api/payments/webhook`;
  const secret = target.paystack.secretKey;
  const tag = randomBytes(4).toString('hex');
  const credits = async (references: string[]) =>
    (
      await db.query<{ n: number }>('select count(*)::int as n from wallet.ledger_transactions where reference = any($1::text[])', [
        references,
      ])
    ).rows[0]!.n;
  try {
    // The same paid reference, again and again.
    const [duplicate] = await seedPaid(db, target.paystack, 1, `${tag}_duplicate`);
    const duplicateBody = JSON.stringify(chargeSuccess(duplicate!, { amount: AMOUNT_KOBO }));
    await target.settle('webhooks-duplicate');
    const dup = await closedLoop('webhooks-duplicate', url, secret, target.durationMs, () => duplicateBody);
    dup.notes = { credited: await credits([duplicate!]) };

    // A different paid reference each time: enough seeded for a fast run (beyond it the run ends early).
    const references = await seedPaid(db, target.paystack, target.references, `${tag}_distinct`);
    await target.settle('webhooks-distinct');
    const firstSent = performance.now();
    const distinct = await closedLoop('webhooks-distinct', url, secret, target.durationMs, (n) =>
      n < references.length ? JSON.stringify(chargeSuccess(references[n]!, { amount: AMOUNT_KOBO })) : undefined,
    );
    const answered = distinct.requests ?? 0;
    const sent = references.slice(0, distinct.sent);
    const waitUntil = performance.now() + CREDIT_WAIT_MS;
    let credited = await credits(sent);
    while (credited < answered && performance.now() < waitUntil) {
      await new Promise((r) => setTimeout(r, 250));
      credited = await credits(sent);
    }
    const creditSeconds = (performance.now() - firstSent) / 1000;
    distinct.notes = { answered, credited, credits_per_s: Math.round(credited / creditSeconds) };
    if (credited < answered) distinct.errors += answered - credited;
    return [stripSent(dup), stripSent(distinct)];
  } finally {
    await db.end();
  }
}

function stripSent(run: Scenario & { sent: number }): Scenario {
  const scenario: Scenario & { sent?: number } = { ...run };
  delete scenario.sent;
  return scenario;
}
