/**
 * The clients of the embedded crash test: loops that write through the API until the product
 * dies, recording only what the API acknowledged. Loaded after KORA_BASE_URL is set (the API
 * helpers read it when they load).
 */
import type { Notification, Post } from '@kora/contracts';
import { auth, json, signedInMember, type SignedIn } from '../../tests/api/support/members.js';
import { api, body } from '../../tests/api/support/product.js';

export interface Acknowledged {
  posts: Map<number, string>;
  likes: Set<number>;
  comments: Map<string, number>;
}
interface Stop {
  now: boolean;
}

export const member = signedInMember;

/** Runs `step` until the product stops answering (killed) or `stop.now`. */
async function until(stop: Stop, step: () => Promise<void>): Promise<void> {
  while (!stop.now) {
    try {
      await step();
    } catch {
      // Connection refused or reset: the product is down; the caller restarts it.
      if (stop.now) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export function postLoop(who: SignedIn, tag: string, acked: Acknowledged, stop: Stop) {
  let n = 0;
  return until(stop, async () => {
    const content = `crash ${tag} #${n++}`;
    const res = await api('/api/posts', json({ userId: who.user.user_id, content, media: [] }, who.token));
    if (res.status === 201) acked.posts.set((await body<Post>(res)).id, content);
  });
}

/**
 * Likes each post at most once, ever (the route toggles: a second try, even one whose answer the
 * kill swallowed, could take the like back). Each like is a new notification for the author.
 */
export function likeLoop(who: SignedIn, acked: Acknowledged, tried: Set<number>, stop: Stop) {
  return until(stop, async () => {
    const id = pick([...acked.posts.keys()].filter((p) => !tried.has(p)));
    if (id === undefined) return void (await new Promise((r) => setTimeout(r, 20)));
    tried.add(id);
    const res = await api(`/api/posts/${id}/react`, json({ reaction: 'like' }, who.token));
    if (res.status === 200 && (await body<{ liked: boolean }>(res)).liked) acked.likes.add(id);
  });
}

export function commentLoop(who: SignedIn, tag: string, acked: Acknowledged, stop: Stop) {
  let n = 0;
  return until(stop, async () => {
    const id = pick([...acked.posts.keys()]);
    if (id === undefined) return void (await new Promise((r) => setTimeout(r, 20)));
    const content = `comment ${tag} #${n++}`;
    const res = await api(`/api/posts/${id}/comment`, json({ content }, who.token));
    if (res.status === 201) acked.comments.set(content, id);
  });
}

export async function readPost(id: number, who: SignedIn): Promise<Post | undefined> {
  const res = await api(`/api/posts/${id}`, auth(who.token));
  return res.status === 200 ? body<Post>(res) : undefined;
}

/** Every notification of `who`, following the pages' cursors. */
export async function allNotifications(who: SignedIn): Promise<Notification[]> {
  const all: Notification[] = [];
  for (let cursor: string | null = '0'; cursor !== null;) {
    const res = await api(`/api/notifications?limit=50&cursor=${cursor}`, auth(who.token));
    const page = await body<Notification[]>(res);
    all.push(...page);
    cursor = /cursor=(\d+)/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return all;
}
