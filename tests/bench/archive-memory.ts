/**
 * The data archive's memory bound (decision 035): one member with ARCHIVE_POSTS posts (10,000 by
 * default) whose media are ARCHIVE_FILES stored files of ARCHIVE_FILE_MB each (200 × 10 MB ≈ 2 GB),
 * archived by the real job — the real posts service streaming its export over HTTP, the other
 * services answering nothing — into local-disk storage. Prints the time, the ZIP's size and the
 * process's resident memory before and at its peak (sampled every 50 ms, and the kernel's maxRSS).
 * Both services run in this process on embedded engines (PGlite), so their baseline is in the figure.
 *
 *   node --import tsx tests/bench/archive-memory.ts
 *   ARCHIVE_POSTS=1000 ARCHIVE_FILES=20 node --import tsx tests/bench/archive-memory.ts   # the same at a tenth
 */
import { createMediaService } from '@kora/media';
import { rowsOf } from '@kora/platform/service';
import { createPostsService } from '@kora/posts';
import { eventually } from '@kora/testing/adapters';
import { startTestService } from '@kora/testing/service';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';

const POSTS = Number(process.env.ARCHIVE_POSTS ?? 10_000);
const FILES = Number(process.env.ARCHIVE_FILES ?? 200);
const FILE_MB = Number(process.env.ARCHIVE_FILE_MB ?? 10);
const MEMBER = 4_200_000_000 + Math.floor(Math.random() * 1_000_000);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const t0 = performance.now();
const step = (what: string) => console.error(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${what}`);

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kora-archive-bench-'));
  try {
    // The member's files, written straight into the storage folder (the keys the posts will name).
    const content = randomBytes(FILE_MB * 1024 * 1024);
    await mkdir(path.join(dir, 'videos'), { recursive: true });
    const keys: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const key = `videos/${randomBytes(16).toString('hex')}.mp4`;
      await writeFile(path.join(dir, key), content);
      keys.push(key);
    }

    step('files written');
    const posts = await startTestService(createPostsService());
    step('posts service started');
    const postsUrl = await posts.app.listen({ host: '127.0.0.1', port: 0 });
    const table = sql.raw(`"${posts.ctx.schema}".posts`);
    const every = Math.max(1, Math.floor(POSTS / Math.max(1, FILES)));
    for (let from = 0; from < POSTS; from += 500) {
      const rows = [];
      for (let i = from; i < Math.min(POSTS, from + 500); i++) {
        const key = i % every === 0 ? keys[i / every] : undefined;
        const media = key ? sql`array[${`/uploads/${key}`}]::text[]` : sql`'{}'::text[]`;
        rows.push(sql`(${MEMBER}, ${`Post number ${i}: ${'a day in Lagos, '.repeat(8)}`}, ${media})`);
      }
      await posts.ctx.db.execute(sql`insert into ${table} (author_id, content, media) values ${sql.join(rows, sql`, `)}`);
    }

    step('posts seeded');
    // Every other service: an export with nothing in it.
    const empty = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end());
    await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
    const emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}`;

    const { createLocalDiskStorage } = await import('../../services/media/src/storage/local-disk.js');
    const media = await startTestService(
      createMediaService({ storage: createLocalDiskStorage(dir), archiveQueue: { attempts: 1, backoffMs: 10 } }),
      { resolveService: (name) => (name === 'posts' ? postsUrl : emptyUrl) },
    );

    step('media service started');
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const asked = await media.app.inject({ method: 'POST', url: '/api/media/archive', headers: media.as({ userId: MEMBER }) });
    if (asked.statusCode !== 202) throw new Error(`request answered ${asked.statusCode}: ${asked.body}`);
    let state: { status: string; bytes: number | null } = { status: 'preparing', bytes: null };
    await eventually(
      async () => {
        const [row] = rowsOf<typeof state>(
          await media.ctx.db.execute(sql`select status, bytes from ${sql.raw(`"${media.ctx.schema}".archives`)} where user_id = ${MEMBER}`),
        );
        state = row!;
        return state.status !== 'preparing';
      },
      60 * 60 * 1000,
      200,
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      JSON.stringify({
        posts: POSTS,
        files: FILES,
        mediaMB: FILES * FILE_MB,
        status: state.status,
        zipMB: state.bytes === null ? null : mb(state.bytes),
        seconds: Math.round(seconds * 10) / 10,
        rssBeforeMB: mb(before),
        rssPeakMB: mb(peak),
        rssGrowthMB: mb(peak - before),
        maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
        node: process.version,
      }),
    );
    await media.close();
    await posts.close();
    empty.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
// Some handle of the embedded engines outlives close(); the figures are printed, so end here.
process.exit(0);
