/**
 * Posts search on OpenSearch (`search-opensearch`, decision 048): the search scenario's seed
 * (search.ts: 1,000,000 posts by 1,000 authors), written into the posts service's own index in
 * bulk by the service's own backfill (timed), then the product's posts process restarted with
 * SEARCH_BACKEND=opensearch for the scenario and started again as it was afterwards. In an open
 * loop at the search scenario's rate, for the same four queries:
 *   search-opensearch-posts-<query>  GET /api/search?type=posts through the gateway: OpenSearch's
 *                                    candidates, PostgreSQL's visibility rules and the feed's JSON
 *   search-opensearch-bare-<query>   the first candidate request the service sends, sent bare to
 *                                    OpenSearch on the same schedule: the yardstick
 * OpenSearch's own time for that request (`took`, the median of 50 sent one at a time) is kept in
 * the notes, and whether the first page is the one PostgreSQL's own statement (search/posts.ts) answers. Needs OPENSEARCH_URL (run.ts starts a private OpenSearch when the scenario is picked).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { signAccessToken } from '@kora/platform/access-token';
import { openPostgres } from '@kora/platform';
import { postsSchema, rankedWindow, searchPostsSql } from '@kora/posts/search-queries';
import {
  backfillPostIndex,
  candidateQuery,
  ensurePostIndex,
  FIRST_BATCH,
  openPostIndex,
  postIndexName,
  refreshPostIndex,
} from '@kora/posts/search-opensearch';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { runOpenLoop } from './open-loop.js';
import type { BenchProduct } from './product.js';
import type { Scenario } from './scenario.js';
import { POSTS_QUERIES, RATE, readerOf, seed, type SearchSize } from './search.js';

export interface OpenSearchBenchTarget {
  product: BenchProduct;
  durationMs: number;
  warmUpMs: number;
  size: SearchSize;
}

/** Bulk requests of this many posts: a few megabytes each. */
const BULK_POSTS = 5_000;

/** The product's posts process again, on the OpenSearch engine, on the same port (the gateway keeps its address). */
async function startPostsOnOpenSearch(product: BenchProduct, openSearchUrl: string, indexPrefix: string): Promise<ChildProcess> {
  const upstream = new URL(product.upstreams.posts!);
  // Its siblings where the product's processes are (scripts/run/cluster.mjs names them so).
  const siblings = Object.fromEntries(
    Object.entries(product.upstreams)
      .filter(([name]) => !/-\d+$/.test(name))
      .map(([name, url]) => [`${name.toUpperCase().replace('-', '_')}_URL`, url]),
  );
  mkdirSync('.tmp/bench', { recursive: true });
  const log = openSync(path.join('.tmp/bench', 'posts-opensearch.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/posts/src/server.ts'], {
    env: {
      ...process.env,
      ...product.servers,
      ...product.secrets,
      ...siblings,
      HOST: upstream.hostname,
      PORT: upstream.port,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: product.gatewayUrl,
      SEARCH_BACKEND: 'opensearch',
      OPENSEARCH_URL: openSearchUrl,
      OPENSEARCH_INDEX_PREFIX: indexPrefix,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`search-opensearch: the posts process exited (${child.exitCode}): .tmp/bench/posts-opensearch.log`);
    const ok = await fetch(`${product.upstreams.posts}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error('search-opensearch: the posts process did not answer within 2 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function benchSearchOpenSearch(target: OpenSearchBenchTarget): Promise<Scenario[]> {
  const openSearchUrl = process.env.OPENSEARCH_URL;
  if (!openSearchUrl) throw new Error('search-opensearch needs OPENSEARCH_URL (npm run bench starts one when the scenario is picked)');
  const { product, size } = target;
  // The product's namespace on shared servers (a test stage's) names its index too.
  const indexPrefix = (product.servers.REDIS_KEY_PREFIX ?? 'kora').toLowerCase().replace(/[^a-z0-9_-]/g, '-');
  const index = openPostIndex(openSearchUrl, postIndexName(indexPrefix, 'posts'));
  const { client } = index;
  const db = new pg.Client({ connectionString: product.servers.DATABASE_URL });
  await db.connect();
  const database = openPostgres(product.servers.DATABASE_URL, 2);
  const results: Scenario[] = [];
  let posts: ChildProcess | undefined;
  let stopped = false;
  try {
    await seed(db, size);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from posts.posts where deleted_at is null');
    const live = rows[0]!.n;
    const exists = (await client.indices.exists({ index: index.name })).body;
    if (exists) await refreshPostIndex(index);
    // An index from an earlier seed (BENCH_REUSE keeps the servers' data) is made again from scratch.
    if (!exists || Number((await client.count({ index: index.name })).body.count) !== live) {
      if (exists) await client.indices.delete({ index: index.name });
      await ensurePostIndex(index);
      const started = performance.now();
      const written = await backfillPostIndex(index, database.db, postsSchema('posts'), { batch: BULK_POSTS });
      const seconds = (performance.now() - started) / 1000;
      await refreshPostIndex(index);
      console.log(`search-opensearch: ${written} posts indexed in ${seconds.toFixed(1)} s (${Math.round(written / seconds)} posts/s)`);
    }
    const stats = (await client.indices.stats({ index: index.name })).body.indices?.[index.name]?.primaries;
    console.log(
      `search-opensearch: index ${index.name}: ${stats?.docs?.count} documents, ${Math.round((stats?.store?.size_in_bytes ?? 0) / 1e6)} MB`,
    );

    await product.stopProcess('posts');
    stopped = true;
    posts = await startPostsOnOpenSearch(product, openSearchUrl, indexPrefix);
    await product.settle('search-opensearch');
    const reader = readerOf(size);
    const token = await signAccessToken(
      { userId: reader, role: 'user', sessionId: `bench-${reader}` },
      product.secrets.ACCESS_TOKEN_SECRET,
      3_600,
    );
    const headers = { authorization: `Bearer ${token}` };
    for (const { name, q } of POSTS_QUERIES) {
      const route = `/api/search?type=posts&q=${encodeURIComponent(q)}`;
      // The bench's queries are plain lower-case ASCII: folded, they are themselves.
      const body = candidateQuery(q.split(' '), FIRST_BATCH, null);
      const bare = `/${index.name}/_search?source_content_type=application/json&source=${encodeURIComponent(JSON.stringify(body))}`;
      const found = await fetch(new URL(route, product.gatewayUrl), { headers });
      const page = ((await found.json()) as { id: number }[]).map((post) => post.id);
      const shown = page.length;
      if (!found.ok || shown === 0) throw new Error(`search-opensearch: '${q}' finds nothing (${found.status})`);
      const statement = new PgDialect().sqlToQuery(
        searchPostsSql(postsSchema('posts'), reader, q, rankedWindow(undefined, 20), new Date().toISOString())!,
      );
      const postgresPage = (await db.query<{ id: string }>(statement.sql, statement.params)).rows.map((row) => Number(row.id));
      const took: number[] = [];
      for (let i = 0; i < 50; i++) took.push(((await client.search({ index: index.name, body })).body as { took: number }).took);
      took.sort((a, b) => a - b);
      const notes = {
        q,
        shown,
        same_first_page_as_postgres: page.join() === postgresPage.slice(0, shown).join() ? 'yes' : 'no',
        opensearch_took_p50_ms: took[25]!,
      };
      if (target.warmUpMs > 0)
        await runOpenLoop({
          name: 'warm-up',
          url: product.gatewayUrl,
          rate: RATE,
          durationMs: target.warmUpMs,
          next: () => ({ path: route, headers }),
        });
      const http = await runOpenLoop({
        name: `search-opensearch-posts-${name}`,
        url: product.gatewayUrl,
        rate: RATE,
        durationMs: target.durationMs,
        next: () => ({ path: route, headers }),
      });
      results.push({ ...http, notes: { ...http.notes, ...notes } });
      const alone = await runOpenLoop({
        name: `search-opensearch-bare-${name}`,
        url: openSearchUrl,
        rate: RATE,
        durationMs: target.durationMs,
        next: () => ({ path: bare, headers: {} }),
      });
      results.push({ ...alone, notes: { ...alone.notes, ...notes } });
    }
  } finally {
    if (posts) await stopProcess(posts);
    if (stopped) await product.startProcess('posts');
    await client.close();
    await database.close();
    await db.end();
  }
  return results;
}
