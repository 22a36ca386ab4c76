/**
 * Live-notification scenarios on the distributed product:
 *
 * 1. Sockets one notifications instance holds: SOCKETS connections (default 10,000, one member
 *    each) opened straight to the instance with gateway-signed identities (the gateway only pipes
 *    bytes once a socket is open). Reports how many opened and the instance's resident memory per
 *    socket (RSS before and after, from /proc).
 * 2. Like-to-socket latency while those sockets stay open: a member likes another member's posts
 *    through the gateway; the time from sending the like to the post owner's socket receiving
 *    `notification:new` covers posts' outbox, Kafka, the notifications writer, its outbox, Kafka
 *    again and the live fan-out.
 */
import type { SocketMessage } from '@kora/contracts';
import { signAccessToken } from '@kora/platform/access-token';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { readFileSync } from 'node:fs';
import { fromLatencies, type Scenario } from './scenario.js';

export interface SocketBenchTarget {
  gatewayUrl: string;
  notificationsUrl: string;
  notificationsPid: number;
  secrets: { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
}

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const LIKES = Number(process.env.BENCH_LIKES ?? 200);
const FIRST_ID = 700_001;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function connect(url: string, userId: number, secret: string, onMessage?: (message: SocketMessage) => void): Promise<LiveSocket> {
  const identity = { userId, role: 'user' as const, sessionId: `bench-${userId}` };
  // Resolves on 'ready': registered and counted.
  return openSocket(url, { [IDENTITY_HEADER]: signIdentity(identity, secret) }, { perMessageDeflate: false, onMessage });
}

export interface SocketBenchResult {
  results: Scenario[];
  sockets: { opened: number; failed: number; rssBeforeMb: number; rssAfterMb: number; kbPerSocket: number; openSeconds: number };
}

export async function benchSockets(target: SocketBenchTarget): Promise<SocketBenchResult> {
  const url = wsUrl(target.notificationsUrl);
  const before = rssMb(target.notificationsPid);
  const sockets: LiveSocket[] = [];
  let failed = 0;
  const t0 = performance.now();
  // Opened in waves, so the handshakes do not all queue at once on two cores.
  for (let at = 0; at < SOCKETS; at += 500) {
    const wave = Array.from({ length: Math.min(500, SOCKETS - at) }, (_, i) => connect(url, FIRST_ID + at + i, target.secrets.INTERNAL_SECRET));
    for (const result of await Promise.allSettled(wave)) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else failed++;
    }
  }
  const openSeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 3_000)); // let the instance settle (GC) before measuring
  const after = rssMb(target.notificationsPid);
  const kbPerSocket = sockets.length ? Math.round(((after - before) * 1024) / sockets.length * 10) / 10 : 0;

  const latency = await likeToSocket(target);
  for (const socket of sockets) socket.ws.terminate();
  return {
    results: [latency],
    sockets: { opened: sockets.length, failed, rssBeforeMb: Math.round(before), rssAfterMb: Math.round(after), kbPerSocket, openSeconds: Math.round(openSeconds * 10) / 10 },
  };
}

async function likeToSocket(target: SocketBenchTarget): Promise<Scenario> {
  const owner = FIRST_ID - 1;
  const liker = FIRST_ID - 2;
  const token = (userId: number) => signAccessToken({ userId, role: 'user', sessionId: `bench-${userId}` }, target.secrets.ACCESS_TOKEN_SECRET, 3_600);
  const [ownerToken, likerToken] = await Promise.all([token(owner), token(liker)]);
  const call = async (path: string, tokenValue: string, body: unknown) => {
    const res = await fetch(new URL(path, target.gatewayUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenValue}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<{ id: number }>;
  };
  const postIds: number[] = [];
  for (let i = 0; i <= LIKES; i++) postIds.push((await call('/api/posts', ownerToken, { userId: owner, content: `latency ${i}` })).id);

  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let errors = 0;
  const url = wsUrl(target.notificationsUrl);
  const socket = await connect(url, owner, target.secrets.INTERNAL_SECRET, (message) => {
    if (message.type !== 'notification:new') return;
    const postId = message.notification.meta.postId;
    const start = postId === null ? undefined : sentAt.get(postId);
    if (start !== undefined) latencies.push(performance.now() - start);
  });
  // Drain first: earlier scenarios leave a backlog of events (the feed seeding's likes) that the
  // writer works through in order. One like whose notification arrives marks the queue empty.
  const probe = postIds.shift()!;
  sentAt.set(probe, performance.now());
  await call(`/api/posts/${probe}/react`, likerToken, { reaction: 'like' });
  const drainUntil = Date.now() + 600_000;
  while (latencies.length === 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 200));
  process.stdout.write(`sockets bench: event backlog drained in ${Math.round(latencies[0] ?? -1)} ms\n`);
  latencies.length = 0;

  const started = performance.now();
  // Five likes a second: a steady trickle, each measured on its own.
  for (const postId of postIds) {
    sentAt.set(postId, performance.now());
    await call(`/api/posts/${postId}/react`, likerToken, { reaction: 'like' }).catch(() => errors++);
    await new Promise((r) => setTimeout(r, 200));
  }
  const deadline = Date.now() + 30_000;
  while (latencies.length < postIds.length - errors && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  socket.ws.terminate();
  const elapsed = (performance.now() - started) / 1000;
  const lost = postIds.length - errors - latencies.length;
  return { ...fromLatencies('like-to-socket', latencies, errors + lost, elapsed), notes: { other_sockets_open: SOCKETS } };
}
