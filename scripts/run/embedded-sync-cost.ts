/**
 * What durable embedded writes cost (decision 055): single-row inserts, small transactions shaped
 * like a wallet credit (a ledger row and a balance update) and reads, on a PGlite folder with
 * EMBEDDED_SYNC on and off, plus the time to create a new data folder. Each mode runs twice,
 * alternating, so a slow moment of the machine does not fall on one mode only.
 *
 *   node --import tsx scripts/run/embedded-sync-cost.ts [writes per kind, default 300] [folder]
 *
 * The folder (default: one under the system's temporary folder) should be on the disk the data
 * folder will live on: the cost is that disk's sync latency.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openPgliteClient, type EmbeddedSync } from '@kora/platform';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const WRITES = Number(process.argv[2] ?? 300);
const root = fs.mkdtempSync(path.join(process.argv[3] ?? os.tmpdir(), 'kora-sync-cost-'));

async function timed(times: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn(i);
    took.push(performance.now() - start);
  }
  return took;
}

function summary(took: number[]) {
  const sorted = [...took].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const mean = took.reduce((a, b) => a + b, 0) / took.length;
  return { mean, p50: at(0.5), p95: at(0.95), p99: at(0.99), perSecond: 1000 / mean };
}

async function creation(sync: EmbeddedSync, name: string): Promise<{ dir: string; ms: number }> {
  const dir = path.join(root, name);
  const start = performance.now();
  const client = await openPgliteClient(dir, undefined, sync);
  const ms = performance.now() - start;
  await client.close();
  return { dir, ms };
}

async function measure(client: PGlite) {
  await client.exec(`
    create table if not exists ledger (id bigserial primary key, member int not null, amount bigint not null);
    create table if not exists balance (member int primary key, amount bigint not null);
    insert into balance select g, 0 from generate_series(1, 100) g on conflict do nothing;`);
  // Warm-up: plans cached, the WAL segment in use.
  for (let i = 0; i < 20; i++) await client.query('insert into ledger (member, amount) values ($1, $2)', [1, 1]);
  const insert = await timed(WRITES, (i) => client.query('insert into ledger (member, amount) values ($1, $2)', [(i % 100) + 1, 500]));
  const transaction = await timed(WRITES, (i) =>
    client.transaction(async (tx) => {
      await tx.query('insert into ledger (member, amount) values ($1, $2)', [(i % 100) + 1, 500]);
      await tx.query('update balance set amount = amount + $2 where member = $1', [(i % 100) + 1, 500]);
    }),
  );
  const read = await timed(WRITES, (i) => client.query('select amount from balance where member = $1', [(i % 100) + 1]));
  return { insert, transaction, read };
}

const results: Record<EmbeddedSync, { insert: number[]; transaction: number[]; read: number[]; create: number[] }> = {
  on: { insert: [], transaction: [], read: [], create: [] },
  off: { insert: [], transaction: [], read: [], create: [] },
};
try {
  for (const [round, sync] of (['off', 'on', 'on', 'off'] as const).entries()) {
    const { dir, ms } = await creation(sync, `r${round}-${sync}`);
    results[sync].create.push(ms);
    const client = await openPgliteClient(dir, undefined, sync);
    try {
      const took = await measure(client);
      results[sync].insert.push(...took.insert);
      results[sync].transaction.push(...took.transaction);
      results[sync].read.push(...took.read);
    } finally {
      await client.close();
    }
  }
  const fmt = (n: number) => n.toFixed(2);
  console.log(`${WRITES * 2} of each kind per mode, ${os.cpus().length} cores, folder ${root}`);
  console.log('| EMBEDDED_SYNC | kind | mean ms | p50 | p95 | p99 | per second |');
  console.log('|---|---|---|---|---|---|---|');
  for (const sync of ['off', 'on'] as const) {
    for (const kind of ['insert', 'transaction', 'read'] as const) {
      const s = summary(results[sync][kind]);
      console.log(`| ${sync} | ${kind} | ${fmt(s.mean)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${Math.round(s.perSecond)} |`);
    }
    console.log(`| ${sync} | new data folder | ${results[sync].create.map((ms) => Math.round(ms)).join(', ')} ms | | | | |`);
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
