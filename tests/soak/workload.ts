/**
 * The mixed workload: one loop per member, each picking the next action at random (feed, post,
 * like, comment, friend request, story, wallet top-up through the sandbox provider), and one loop
 * uploading reels. Every accepted write is recorded in AcceptedWrites for the checks.
 */
import { SANDBOX_SUCCESS_CARD } from '@kora/contracts';
import { randomBytes } from 'node:crypto';
import { solidPng } from '../browser/support/png.js';
import type { AcceptedWrites } from './accepted.js';
import type { SoakClient } from './client.js';
import { signIn, type SoakMember } from './members.js';

/** A multipart body with the files in `field` (../support/media-files.ts has the same, but its module
 * pulls in @kora/testing's index, which needs a running vitest). */
function filesForm(files: { data: Buffer; name: string; type: string }[], field = 'files'): FormData {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];
const uniqueTag = () => `soak-${randomBytes(6).toString('hex')}`;

type Action = 'feed' | 'post' | 'like' | 'comment' | 'friend' | 'accept' | 'story' | 'topup';
/** Reads and writes in the proportions a busy evening might have. */
const WEIGHTS: [Action, number][] = [
  ['feed', 4],
  ['post', 2],
  ['like', 4],
  ['comment', 2],
  ['friend', 1],
  ['accept', 0.6],
  ['story', 0.4],
  ['topup', 0.4],
];

export function pickAction(random = Math.random()): Action {
  const total = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  let left = random * total;
  for (const [action, weight] of WEIGHTS) {
    left -= weight;
    if (left < 0) return action;
  }
  return 'feed';
}

export interface Workload {
  stop(): Promise<void>;
}

export interface WorkloadOptions {
  client: SoakClient;
  members: SoakMember[];
  writes: AcceptedWrites;
  /** A short reel clip (mp4) uploaded by the reel loop. */
  reelClip: Buffer;
  pauseMs?: number;
}

export function startWorkload({ client, members, writes, reelClip, pauseMs = 150 }: WorkloadOptions): Workload {
  let running = true;
  const requested = new Set<string>();
  const answered = new Set<number>();

  /** The call, signed in again once when the access token has expired. */
  async function as<T>(member: SoakMember, method: string, path: string, options: { json?: unknown; form?: FormData } = {}) {
    let answer = await client.call<T>(method, path, { ...options, token: member.token });
    if (answer.status === 401) {
      const fresh = await signIn(client, member.email, member.password).catch(() => null);
      if (fresh) {
        member.token = fresh.token;
        answer = await client.call<T>(method, path, { ...options, token: member.token });
      }
    }
    return answer;
  }

  const actions: Record<Action, (me: SoakMember) => Promise<void>> = {
    async feed(me) {
      await as(me, 'GET', '/api/posts?limit=20');
    },
    async post(me) {
      const tag = uniqueTag();
      const res = await as<{ id: number }>(me, 'POST', '/api/posts', { json: { userId: me.userId, content: `Soak post ${tag}` } });
      if (res.status === 201 && res.body) {
        writes.posts.push({ id: res.body.id, authorId: me.userId, tag });
      }
    },
    async like(me) {
      const post = pick(writes.posts);
      if (!post || !writes.claimLike(post.id, me.userId)) return;
      const res = await as<{ liked: boolean }>(me, 'POST', `/api/posts/${post.id}/react`, { json: { reaction: 'like' } });
      if (res.status === 200 && res.body?.liked) writes.likes.push({ postId: post.id, userId: me.userId, authorId: post.authorId });
    },
    async comment(me) {
      const post = pick(writes.posts);
      if (!post) return;
      const tag = uniqueTag();
      const res = await as<{ id: number }>(me, 'POST', `/api/posts/${post.id}/comment`, { json: { content: `Soak comment ${tag}` } });
      if (res.status === 201 && res.body)
        writes.comments.push({ id: res.body.id, postId: post.id, userId: me.userId, authorId: post.authorId, tag });
    },
    async friend(me) {
      const other = pick(members.filter((m) => m.userId !== me.userId && !requested.has(pairKey(me.userId, m.userId))));
      if (!other) return;
      // One try per pair, whatever the answer: a second request would be refused as a duplicate.
      requested.add(pairKey(me.userId, other.userId));
      const res = await as<{ request: { id: number } }>(me, 'POST', '/api/friends/requests', { json: { toUserId: other.userId } });
      if (res.status === 201 && res.body) writes.requests.push({ id: res.body.request.id, fromUserId: me.userId, toUserId: other.userId });
    },
    async accept(me) {
      const request = writes.requests.find((r) => r.toUserId === me.userId && !answered.has(r.id));
      if (!request) return;
      answered.add(request.id);
      await as(me, 'PUT', `/api/friends/requests/${request.id}`, { json: { action: 'accepted' } });
    },
    async story(me) {
      const res = await as<{ id: number }>(me, 'POST', '/api/stories', {
        form: filesForm([{ data: solidPng(32), name: 'story.png', type: 'image/png' }], 'media'),
      });
      if (res.status === 201 && res.body) writes.stories.push(res.body.id);
    },
    async topup(me) {
      const naira = 100 + Math.floor(Math.random() * 900);
      const started = await as<{ reference: string }>(me, 'POST', '/api/payments/initialize', {
        json: { email: me.email, amount: naira, metadata: { userId: me.userId } },
      });
      if (started.status !== 200 || !started.body) return;
      const { reference } = started.body;
      const paid = await as(me, 'POST', `/api/payments/${reference}/sandbox-pay`, { json: { cardNumber: SANDBOX_SUCCESS_CARD } });
      if (paid.status === 200) writes.credits.push({ reference, userId: me.userId, amountKobo: naira * 100 });
    },
  };

  async function memberLoop(me: SoakMember) {
    while (running) {
      await actions[pickAction()](me).catch(() => {});
      await sleep(pauseMs + Math.random() * pauseMs);
    }
  }

  async function reelLoop() {
    while (running) {
      const me = pick(members)!;
      await uploadReel(client, me, reelClip, writes).catch(() => {});
      for (let i = 0; i < 20 && running; i++) await sleep(250);
    }
  }

  const loops = [...members.map(memberLoop), reelLoop()];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Uploads a clip as a reel video and makes the reel of it; resolves the video id (null if refused). */
export async function uploadReel(client: SoakClient, me: SoakMember, clip: Buffer, writes: AcceptedWrites): Promise<number | null> {
  const upload = await client.call<{ files: { url: string; videoId: number }[] }>('POST', '/api/media/upload?purpose=reel', {
    token: me.token,
    form: filesForm([{ data: clip, name: 'reel.mp4', type: 'video/mp4' }]),
    timeoutMs: 60_000,
  });
  const file = upload.status === 201 ? upload.body?.files[0] : undefined;
  if (!file) return null;
  const reel = await client.call<{ id: number }>('POST', '/api/reels', {
    token: me.token,
    json: { videoUrl: file.url, caption: 'Soak reel' },
  });
  if (reel.status === 201 && reel.body) writes.reels.push(reel.body.id);
  return file.videoId;
}
