/**
 * How long a block takes to take effect in each service that enforces it (decision 036), measured
 * like the settings propagation (settings-propagation.ts) over real Kafka: a member blocks another
 * through the gateway, and the blocked member polls, through the gateway, what each service answers
 * until it shows the block:
 *   block->friends        the relation says no request may be sent (the friends service owns blocks:
 *                         this is the gateway's round trip, the floor the others are read against)
 *   block->auth           the blocker's profile answers 404
 *   block->notifications  the blocker's green dot goes out (their socket stays open)
 *   block->posts          the blocker's post answers 404, as a missing post
 *   block->stories-reels  the blocker's reel answers 404, as a missing reel
 * then unblocks and measures the way back. Each change travels: the friends service's outbox row ->
 * relay -> Kafka (friends.friendship, keyed by the pair) -> each service's consumer group -> its
 * member_blocks projection (decisions 036, 037).
 */
// The subpath, not the package's root: the root loads vitest, which `npm run bench` runs without.
import { makeVideo } from '@kora/testing/videos';
import { openSocket, wsUrl } from '@kora/testing/websocket';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fromLatencies, type Scenario } from './scenario.js';
import { call, signIn, untilShows } from './settings-propagation.js';

type Json = Record<string, unknown>;
type Member = { userId: number; token: string };

const REEL_READY_MS = 120_000;
const MEMBER_KNOWN_MS = 60_000;

/** A post by `who` that anyone may see (the profile's audience is everyone by default); answers its id. */
async function postOf(gatewayUrl: string, who: Member): Promise<number> {
  const made = await call(gatewayUrl, who.token, 'POST', '/api/posts', { userId: who.userId, content: 'Measured by the block bench' });
  if (made.status !== 201) throw new Error(`post failed: ${made.status} ${JSON.stringify(made.json)}`);
  return (made.json as { id: number }).id;
}

/** A short reel by `who`, published (transcoded); answers its id. */
async function reelOf(gatewayUrl: string, who: Member): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kora-bench-block-'));
  let videoUrl: string;
  try {
    const clip = await makeVideo(dir, { duration: 2, width: 360, height: 640, container: 'mp4', audio: true });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'reel.mp4');
    const res = await fetch(new URL('/api/media/upload?purpose=reel', gatewayUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`reel upload failed: ${res.status} ${await res.text()}`);
    videoUrl = ((await res.json()) as { urls: string[] }).urls[0]!;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const made = await call(gatewayUrl, who.token, 'POST', '/api/reels', { videoUrl, caption: 'Measured by the block bench' });
  if (made.status !== 201) throw new Error(`reel failed: ${made.status} ${JSON.stringify(made.json)}`);
  const id = (made.json as { id: number }).id;
  const since = performance.now();
  for (;;) {
    const { json } = await call(gatewayUrl, who.token, 'GET', `/api/reels/${id}`);
    const state = (json as { state?: string }).state;
    if (state === 'ready') return id;
    if (state !== 'processing' || performance.now() - since > REEL_READY_MS) throw new Error(`reel not ready: ${JSON.stringify(json)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A probe that is true once `path` answers 404 to `who` (and 200 until then; anything else is a failure). */
function answersMissing(gatewayUrl: string, name: string, who: Member, path: string): () => Promise<boolean> {
  return async () => {
    const { status, json } = await call(gatewayUrl, who.token, 'GET', path);
    if (status !== 404 && status !== 200) throw new Error(`${name}: ${status} ${JSON.stringify(json)}`);
    return status === 404;
  };
}

/**
 * The first block, sent again while the friends service has not yet heard of the blocked member
 * (its members are a projection of auth's events, which a busy run's earlier scenarios may have
 * queued behind their own): that wait is not the block's propagation, which is what is measured.
 */
async function firstBlock(gatewayUrl: string, blocker: Member, blocked: Member): Promise<void> {
  const since = performance.now();
  for (;;) {
    const made = await call(gatewayUrl, blocker.token, 'POST', '/api/friends/blocks', { userId: blocked.userId });
    if (made.status === 201) return;
    if (made.status !== 404 || performance.now() - since > MEMBER_KNOWN_MS)
      throw new Error(`block failed: ${made.status} ${JSON.stringify(made.json)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `rounds` blocks, each made and lifted. */
export async function benchBlockPropagation(gatewayUrl: string, databaseUrl: string, rounds: number): Promise<Scenario[]> {
  const blocker = await signIn(gatewayUrl, databaseUrl, 'blocker');
  const blocked = await signIn(gatewayUrl, databaseUrl, 'blocked');
  // A run stopped halfway may have left the block: start from none.
  await call(gatewayUrl, blocker.token, 'DELETE', `/api/friends/blocks/${blocked.userId}`);
  const [postId, reelId] = await Promise.all([postOf(gatewayUrl, blocker), reelOf(gatewayUrl, blocker)]);
  const socket = await openSocket(wsUrl(gatewayUrl), { authorization: `Bearer ${blocker.token}` });

  const probes: Record<string, () => Promise<boolean>> = {
    'block->friends': async () =>
      ((await call(gatewayUrl, blocked.token, 'GET', `/api/friends/relation/${blocker.userId}`)).json as Json).canRequest === false,
    'block->auth': answersMissing(gatewayUrl, 'block->auth', blocked, `/api/users/${blocker.userId}`),
    'block->notifications': async () => {
      const answer = (await call(gatewayUrl, blocked.token, 'GET', `/api/presence?ids=${blocker.userId}`)).json as { online: boolean }[];
      return answer[0]?.online === false;
    },
    'block->posts': answersMissing(gatewayUrl, 'block->posts', blocked, `/api/posts/${postId}`),
    'block->stories-reels': answersMissing(gatewayUrl, 'block->stories-reels', blocked, `/api/reels/${reelId}`),
  };
  const latencies: Record<string, number[]> = Object.fromEntries(Object.keys(probes).map((name) => [name, []]));
  const started = performance.now();
  try {
    // The blocker's socket is open before the first block: wait until their dot shows.
    await untilShows('presence', probes['block->notifications']!, false, performance.now());
    // Made and lifted once before measuring, so every measured block finds the member known.
    await firstBlock(gatewayUrl, blocker, blocked);
    await call(gatewayUrl, blocker.token, 'DELETE', `/api/friends/blocks/${blocked.userId}`);
    const lifted = performance.now();
    await Promise.all(Object.entries(probes).map(([name, probe]) => untilShows(name, probe, false, lifted)));
    for (let round = 0; round < rounds; round++) {
      for (const blocking of [true, false]) {
        const changed = blocking
          ? await call(gatewayUrl, blocker.token, 'POST', '/api/friends/blocks', { userId: blocked.userId })
          : await call(gatewayUrl, blocker.token, 'DELETE', `/api/friends/blocks/${blocked.userId}`);
        if (changed.status !== (blocking ? 201 : 200))
          throw new Error(`${blocking ? 'block' : 'unblock'} failed: ${changed.status} ${JSON.stringify(changed.json)}`);
        const since = performance.now();
        const times = await Promise.all(Object.entries(probes).map(([name, probe]) => untilShows(name, probe, blocking, since)));
        Object.keys(probes).forEach((name, i) => latencies[name]!.push(times[i]!));
      }
    }
  } finally {
    socket.ws.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return Object.entries(latencies).map(([name, ms]) => ({
    ...fromLatencies(name, ms, 0, seconds),
    notes: { changes: ms.length, measures: 'time from the block (or unblock) answer to the change showing' },
  }));
}
