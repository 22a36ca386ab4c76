/**
 * The likes of the socket scenarios: posts made by an owner (setup, not measured), then liked by
 * one liker through the gateway on a fixed schedule (open loop, like open-loop.ts: each latency is
 * counted from the moment the like was due, so a stall shows in every like queued behind it). Each
 * like's notification is timed at the owner's sockets that receive it (`notification:new`, by post id).
 */
import { signAccessToken } from '@kora/platform/access-token';
import { Agent, request } from 'undici';
import { triedAgainWhenDropped } from './dropped-connection.js';
import { percentile } from './scenario.js';

export const memberToken = (userId: number, secret: string) =>
  signAccessToken({ userId, role: 'user', sessionId: `bench-${userId}` }, secret, 3_600);

/** `count` posts of `ownerId`, a few at a time; a connection dropped by a busy machine is tried again. */
export async function makePosts(gatewayUrl: string, ownerId: number, token: string, count: number): Promise<number[]> {
  const post = (i: number): Promise<number> =>
    triedAgainWhenDropped(async () => {
      const res = await fetch(new URL('/api/posts', gatewayUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: ownerId, content: `latency ${i}` }),
      });
      if (!res.ok) throw new Error(`POST /api/posts answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { id: number }).id;
    });
  const ids: number[] = new Array<number>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < count; i = next++) ids[i] = await post(i);
    }),
  );
  return ids;
}

/** When each post's like was due (performance.now()), by post id: sockets look their notification up here. */
export type DueAt = Map<number, number>;

/**
 * Likes `postIds` in order, `rate` a second, each from when it was due; resolves once every like
 * was answered, with how many failed. `onDue(i)` runs as like i leaves (the scenario's own events).
 */
export async function likeAtRate(options: {
  gatewayUrl: string;
  likerToken: string;
  postIds: number[];
  rate: number;
  dueAt: DueAt;
  onDue?: (i: number) => void;
}): Promise<{ errors: number; seconds: number; answerP50Ms: number; answerP99Ms: number }> {
  const agent = new Agent({ connections: 64, pipelining: 1 });
  const interval = 1000 / options.rate;
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  /** Each like's answer, from when it was due: how far the like itself (gateway, posts) kept up. */
  const answered: number[] = [];
  const started = performance.now();
  try {
    for (const [i, postId] of options.postIds.entries()) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      options.dueAt.set(postId, due);
      options.onDue?.(i);
      inFlight.push(
        request(new URL(`/api/posts/${postId}/react`, options.gatewayUrl), {
          dispatcher: agent,
          method: 'POST',
          headers: { authorization: `Bearer ${options.likerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reaction: 'like' }),
        })
          .then(async (res) => {
            await res.body.dump();
            if (res.statusCode !== 200) errors++;
          })
          .catch(() => void errors++)
          .finally(() => answered.push(performance.now() - due)),
      );
    }
    await Promise.all(inFlight);
    const sorted = answered.sort((a, b) => a - b);
    const at = (p: number) => Math.round(percentile(sorted, p) * 100) / 100;
    return { errors, seconds: (performance.now() - started) / 1000, answerP50Ms: at(50), answerP99Ms: at(99) };
  } finally {
    await agent.close();
  }
}

/** Waits until `done()` or `ms` passed. */
export async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}
