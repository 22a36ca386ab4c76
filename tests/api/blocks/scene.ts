/**
 * What a pair of members share before one blocks the other, so that every probe in probes.ts can
 * fail without the block rule: each posts (with a hashtag and a word found nowhere else), in a group
 * they both belong to, a story and a reel; each likes, comments on, shares and saves the other's
 * post, views the other's story and comments on the other's reel. blocks.test.ts checks that every
 * probe shows the other before the block.
 */
import type { CreatedStory, GroupDetail, Post, Reel, UploadAnswer } from '@kora/contracts';
import { makeVideo, readUntil } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { solidPng } from '../../browser/support/png.js';
import { filesForm } from '../../support/media-files.js';
import { auth, json, type SignedIn } from '../support/members.js';
import { api, body } from '../support/product.js';

/** One member's things in the scene. */
export interface Things {
  post: Post;
  /** The word and the hashtag (without `#`) only this member's post carries. */
  word: string;
  tag: string;
  groupId: number;
  groupPost: Post;
  story: CreatedStory;
  reel: Reel;
}

export type Scene = (member: SignedIn) => Things;

const REEL_READY_MS = 120_000;

async function ok<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, `${res.url}: ${await res.clone().text()}`).toBe(status);
  return body<T>(res);
}

const bare = (who: SignedIn, method = 'POST'): RequestInit => ({ ...auth(who.token), method });

async function postWithWords(who: SignedIn, extra: Record<string, unknown> = {}) {
  const word = `blockprobe${randomBytes(4).toString('hex')}`;
  const tag = `blocktag${randomBytes(4).toString('hex')}`;
  const content = `Evening at the market ${word} #${tag}`;
  // A group post waits until posts has heard of the group and the membership.
  const res = await readUntil(
    () => api('/api/posts', json({ userId: who.user.user_id, content, ...extra }, who.token)),
    (r) => r.status === 201,
  );
  return { post: await ok<Post>(res, 201), word, tag };
}

async function reelOf(who: SignedIn, dir: string): Promise<Reel> {
  const clip = await makeVideo(dir, { duration: 2, width: 360, height: 640, container: 'mp4', audio: true });
  const upload = await api('/api/media/upload?purpose=reel', {
    ...bare(who),
    body: filesForm([{ data: clip, name: 'reel.mp4', type: 'video/mp4' }]),
  });
  const videoUrl = (await ok<UploadAnswer>(upload, 201)).urls[0]!;
  const reel = await ok<Reel>(await api('/api/reels', json({ videoUrl, caption: 'Before the block' }, who.token)), 201);
  const ready = await readUntil(
    async () => body<Reel>(await api(`/api/reels/${reel.id}`, auth(who.token))),
    (r) => r.state !== 'processing',
    REEL_READY_MS,
  );
  expect(ready.state).toBe('ready');
  return ready;
}

async function thingsOf(who: SignedIn, groupId: number, dir: string): Promise<Things> {
  const { post, word, tag } = await postWithWords(who);
  const { post: groupPost } = await postWithWords(who, { groupId });
  const story = await ok<CreatedStory>(
    await api('/api/stories', { ...bare(who), body: filesForm([{ data: solidPng(64), name: 'story.png', type: 'image/png' }], 'media') }),
    201,
  );
  return { post, word, tag, groupId, groupPost, story, reel: await reelOf(who, dir) };
}

/** What `who` does with `other`'s things while they still see each other. */
async function engage(who: SignedIn, other: Things): Promise<void> {
  const postId = other.post.id;
  expect(await ok(await api(`/api/posts/${postId}/react`, json({ reaction: 'like' }, who.token)))).toMatchObject({ liked: true });
  await ok(await api(`/api/posts/${postId}/comment`, json({ content: 'See you there' }, who.token)), 201);
  await ok(await api(`/api/posts/${postId}/share`, bare(who)));
  await ok(await api('/api/saves', json({ postId }, who.token)), 201);
  await ok(await api(`/api/stories/${other.story.id}/view`, bare(who)));
  await ok(await api(`/api/reels/${other.reel.id}/comments`, json({ content: 'Lovely light' }, who.token)), 201);
}

/** Sets the scene for a pair who are friends already; answers each one's things. */
export async function setScene(ada: SignedIn, bola: SignedIn): Promise<Scene> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kora-blocks-'));
  try {
    const group = await ok<GroupDetail>(
      await api('/api/groups', json({ title: `Both of us ${randomBytes(3).toString('hex')}`, privacy: 'public' }, ada.token)),
      201,
    );
    await ok(await api(`/api/groups/${group.group_id}/join`, bare(bola)));
    const [adas, bolas] = await Promise.all([thingsOf(ada, group.group_id, dir), thingsOf(bola, group.group_id, dir)]);
    await engage(ada, bolas);
    await engage(bola, adas);
    const byId = new Map([
      [ada.user.user_id, adas],
      [bola.user.user_id, bolas],
    ]);
    return (member) => byId.get(member.user.user_id)!;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
