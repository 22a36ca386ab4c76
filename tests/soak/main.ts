/**
 * `npm run soak` (entered through scripts/soak.mjs, which starts the private servers and the
 * distributed product): members, sockets and the workload, then each fault in turn while the
 * workload runs; per fault the requests failed while it lasted, the time to ready again, and the
 * checks. Prints the table and resolves whether everything held.
 */
import { makeVideo } from '@kora/testing/videos';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Cluster } from '../../scripts/run/cluster.d.mts';
import { AcceptedWrites } from './accepted.js';
import { runChecks, type CheckResult } from './checks.js';
import { SoakClient } from './client.js';
import { TRANSCODE_FAULT, type SoakConfig } from './config.js';
import { kafkaFault, postgresFault, processFault, redisFault, type Fault } from './faults.js';
import { makeMember, type SoakMember } from './members.js';
import { PROBE_ROUTES, probeGateway, quick503 } from './probes.js';
import { formatRow, formatTable, soakPassed, type FaultRow } from './report.js';
import { SoakSockets } from './sockets.js';
import { RequestTally } from './tally.js';
import { startWorkload, uploadReel } from './workload.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`[soak] ${line}\n`);

/** Every service's and the gateway's /readyz (the web app's /healthz) answering 200. */
async function allReady(cluster: Cluster): Promise<boolean> {
  const urls = Object.entries(cluster.upstreams).map(([name, base]) => `${base}${name === 'web' ? '/healthz' : '/readyz'}`);
  urls.push(`${cluster.url.replace('localhost', '127.0.0.1')}/readyz`);
  const answers = await Promise.all(
    urls.map((url) =>
      fetch(url, { signal: AbortSignal.timeout(3_000) }).then(
        (r) => r.status === 200,
        () => false,
      ),
    ),
  );
  return answers.every(Boolean);
}

async function waitReady(cluster: Cluster, timeoutMs: number): Promise<number | null> {
  const since = Date.now();
  while (Date.now() - since < timeoutMs) {
    if (await allReady(cluster)) return (Date.now() - since) / 1000;
    await sleep(250);
  }
  return null;
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

function faultFor(cluster: Cluster, name: string): Fault {
  if (name === 'kafka') return kafkaFault;
  if (name === 'redis') return redisFault;
  if (name === 'postgres') return postgresFault;
  if (name === TRANSCODE_FAULT) return { ...processFault(cluster, 'media'), name };
  return processFault(cluster, name);
}

/** Waits until the video is being transcoded (progress moved), so the kill lands mid-transcode. */
async function waitTranscoding(pool: pg.Pool, videoId: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ status: string; progress: number }>(`select status, progress from media.videos where id = $1`, [
      videoId,
    ]);
    if (rows[0]?.status !== 'processing') throw new Error(`video ${videoId} was ${rows[0]?.status ?? 'gone'} before the kill`);
    if (rows[0].progress > 0) return rows[0].progress;
    await sleep(100);
  }
  throw new Error(`video ${videoId} did not start transcoding within ${timeoutMs / 1000} s`);
}

export async function runSoak({
  cluster,
  config,
  databaseUrl,
}: {
  cluster: Cluster;
  config: SoakConfig;
  databaseUrl: string;
}): Promise<boolean> {
  const since = Date.now();
  const tally = new RequestTally();
  const client = new SoakClient(cluster.url.replace('localhost', '127.0.0.1'), tally);
  const writes = new AcceptedWrites();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => {}); // PostgreSQL is killed on purpose; queries retry in runChecks.
  const clipDir = await mkdtemp(path.join(os.tmpdir(), 'kora-soak-'));
  const rows: FaultRow[] = [];
  const details: string[] = [];
  let sockets: SoakSockets | null = null;
  try {
    const members: SoakMember[] = await inBatches(config.members, 4, (i) => makeMember(client, i));
    say(`${members.length} members signed up, activated and signed in`);
    const reelClip = await makeVideo(clipDir, { duration: 2, width: 360, height: 640, container: 'mp4', audio: true });
    // Long enough that the kill lands while ffmpeg works on it.
    const longClip = await makeVideo(clipDir, { duration: 40, width: 720, height: 1280, container: 'mp4', audio: true });
    const holders = members.slice(0, config.socketMembers);
    sockets = new SoakSockets(client, holders);
    const others = members.slice(config.socketMembers);
    const baseline = await sockets.check(others.length ? others : members.slice(1), writes);
    if (!baseline.ok) throw new Error(`sockets before any fault: ${baseline.detail}`);

    for (const name of config.faults) {
      const fault = faultFor(cluster, name);
      const workload = startWorkload({ client, members, writes, reelClip });
      await sleep((config.faultSeconds * 1000) / 2);
      const extraChecks: CheckResult[] = [];
      if (name === TRANSCODE_FAULT) {
        const videoId = await uploadReel(client, members[0]!, longClip, writes);
        if (videoId === null) throw new Error('the long reel upload was refused');
        const progress = await waitTranscoding(pool, videoId);
        say(`${name}: video ${videoId} at ${progress}% when media is killed`);
      }
      const before = tally.snapshot();
      await fault.kill();
      const probeRoute = PROBE_ROUTES[name];
      if (probeRoute) {
        await sleep(300);
        const probe = await probeGateway(client.baseUrl, probeRoute, members[0]!.token);
        extraChecks.push({
          name: 'gateway 503 while down',
          ok: quick503(probe),
          detail: `${probeRoute}: ${probe.status} in ${Math.round(probe.ms)} ms${probe.errorShape ? ', error shape' : ''}`,
        });
      }
      await sleep(config.downSeconds * 1000);
      const restarted = Date.now();
      let recoverSeconds: number | null = null;
      try {
        await fault.restart();
        // From the restart command until every /readyz answers 200 (the process start included).
        if ((await waitReady(cluster, 90_000)) !== null) recoverSeconds = (Date.now() - restarted) / 1000;
      } catch (err) {
        details.push(`${name}: restart failed: ${(err as Error).message}`);
      }
      const during = RequestTally.since(before, tally.snapshot());
      const failures = tally.topFailures();
      tally.failures.clear();
      await sleep(config.faultSeconds * 1000);
      await workload.stop();

      const socketCheck = await sockets.check(others.length ? others : members.slice(1), writes);
      const checks = [...extraChecks, socketCheck, ...(await runChecks(pool, databaseUrl, writes))];
      const failed = checks.filter((c) => !c.ok);
      const row: FaultRow = {
        fault: name,
        requests: during.ok + during.failed,
        failed: during.failed,
        recoverSeconds,
        failedChecks: failed.map((c) => c.name),
        checks: checks.length,
      };
      rows.push(row);
      say(`${formatRow(row).join(' | ')}${failures.length ? `  (failed: ${failures.join(', ')})` : ''}`);
      for (const check of failed) {
        const line = `${name}: ${check.name}: ${check.detail}`;
        details.push(line);
        say(`  ${line}`);
      }
      if (recoverSeconds === null) break; // the product is not back; the next faults would say nothing
    }
  } finally {
    sockets?.close();
    await pool.end().catch(() => {});
    await rm(clipDir, { recursive: true, force: true });
  }
  process.stdout.write(`\n${formatTable(rows)}\n\naccepted writes: ${writes.summary()}\n`);
  for (const line of details) process.stdout.write(`- ${line}\n`);
  const passed = soakPassed(rows) && rows.length === config.faults.length;
  process.stdout.write(`soak ${passed ? 'passed' : 'FAILED'} in ${((Date.now() - since) / 1000).toFixed(0)} s\n`);
  return passed;
}
