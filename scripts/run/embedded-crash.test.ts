/**
 * Crash safety of the embedded mode: the product runs as a child process on its own data folder,
 * a few clients write through the API at once (posts, likes, comments), the process is killed with
 * SIGKILL mid-stream and started again on the same folder, several times. After each restart: PGlite
 * opens, every write the API acknowledged is there exactly once, counters agree with their rows, and
 * the events those writes committed reach their consumer (each like becomes one notification).
 * The same child, started as `npm start` with METRICS_PORT, then shows what it counted on that port.
 */
import type { Notification } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../lib/build.mjs';
import { pickPort } from '../lib/proc.mjs';
import { startEmbeddedChild, type EmbeddedChild } from './embedded-process.js';
import type { SignedIn } from '../../tests/api/support/members.js';
import type { Acknowledged } from './crash-clients.js';

const KILLS = 3;
const CLIENTS_PER_KIND = 2;

describe('embedded mode: SIGKILL during writes', () => {
  let dataDir: string;
  let port: number;
  let metricsPort: number;
  const start = () => startEmbeddedChild(path.join(dataDir, 'data'), port, { env: { METRICS_PORT: String(metricsPort) } });
  let product: EmbeddedChild | undefined;
  let support: typeof import('./crash-clients.js');
  let ada: SignedIn, bola: SignedIn, chi: SignedIn;
  const acked: Acknowledged = { posts: new Map(), likes: new Set(), comments: new Map() };
  const likeTried = new Set<number>();

  beforeAll(async () => {
    ensureWebBuild();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-crash-'));
    // Kept across restarts: pickPort's range is below the ephemeral one, which outgoing connections take.
    [port, metricsPort] = [await pickPort('crash test product'), await pickPort('crash test metrics')];
    // The API helpers read the product's address when they load.
    process.env.KORA_BASE_URL = `http://127.0.0.1:${port}`;
    support = await import('./crash-clients.js');
    product = await start();
    [ada, bola, chi] = await Promise.all([support.member(), support.member(), support.member()]);
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write, once, across ${KILLS} kills`, async () => {
    for (let round = 1; round <= KILLS; round++) {
      const stop = { now: false };
      const clients = [
        ...Array.from({ length: CLIENTS_PER_KIND }, (_, i) => support.postLoop(bola, `r${round} p${i}`, acked, stop)),
        support.likeLoop(ada, acked, likeTried, stop),
        ...Array.from({ length: CLIENTS_PER_KIND }, (_, i) => support.commentLoop(chi, `r${round} c${i}`, acked, stop)),
      ];
      // Kill at a different moment each round, while every client is mid-request.
      await new Promise((r) => setTimeout(r, 1_500 + 700 * round));
      const before = { posts: acked.posts.size, likes: acked.likes.size, comments: acked.comments.size };
      await product!.kill();
      stop.now = true;
      await Promise.all(clients);
      expect(before.posts, 'writes were acknowledged before the kill').toBeGreaterThan(0);

      const restartedAt = Date.now();
      product = await start();
      const restartMs = Date.now() - restartedAt;
      // The launcher saw the kill's mark and republished the outbox (events the bus held are not lost).
      expect(fs.readFileSync(product.logFile, 'utf8').split('republishing the kept outbox rows')).toHaveLength(round + 1);
      await checkEverything(round);
      // The figures docs/reliability.md quotes.
      process.stdout.write(
        `crash round ${round}: ${acked.posts.size} posts, ${acked.likes.size} likes, ${acked.comments.size} comments acknowledged so far, all intact; restart took ${restartMs} ms\n`,
      );
    }
  }, 600_000);

  it("serves the whole process's metrics on METRICS_PORT, on loopback: the gateway's requests and the services' behind it", async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // The restarted process's own counts: the checks of the last round went through the gateway to posts.
    expect(text).toMatch(/http_server_requests_seconds_count\{service="gateway",method="GET",route="[^"]*posts[^"]*",status="200"\} [1-9]/);
    expect(text).toMatch(/http_server_requests_seconds_count\{service="posts",method="GET",[^}]*status="200"\} [1-9]/);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds/m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/posts`)).status).toBe(404);
  });

  async function checkEverything(round: number) {
    for (const [id, content] of acked.posts) {
      const post = await support.readPost(id, bola);
      expect(post, `post ${id} (round ${round})`).toBeDefined();
      expect(post!.content).toBe(content);
      expect(post!.likeCount, `post ${id}'s like count matches its likes`).toBe(post!.likes.length);
      expect(post!.commentCount, `post ${id}'s comment count matches its comments`).toBe(post!.comments.length);
      const adaLikes = post!.likes.filter((l) => l.userId === ada.user.user_id).length;
      if (acked.likes.has(id)) expect(adaLikes, `ada's acknowledged like on ${id}`).toBe(1);
      for (const [text, postId] of acked.comments) {
        if (postId === id)
          expect(
            post!.comments.filter((c) => c.content === text),
            `comment "${text}"`,
          ).toHaveLength(1);
      }
    }
    // Each like committed before the kill becomes exactly one notification once the product is back.
    const likedPosts = async () => {
      const all: Notification[] = await support.allNotifications(bola);
      return all.filter((n) => n.type === 'post_like' && n.actorId === ada.user.user_id).map((n) => n.meta.postId!);
    };
    const notified = await readUntil(likedPosts, (ids) => [...acked.likes].every((id) => ids.includes(id)), 30_000);
    expect(
      [...acked.likes].filter((id) => !notified.includes(id)),
      `likes without a notification (round ${round})`,
    ).toEqual([]);
    expect(notified.length, 'no like notified twice').toBe(new Set(notified).size);
  }
});
