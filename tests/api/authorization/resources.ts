/**
 * The owner's resources, one of each kind a route's path names, made through the public API as a
 * member's client makes them. Routes that destroy or use up their resource (DELETE, leave, revoke)
 * ask for a fresh one per allowed call (`fresh`), so every answer is about access, not leftovers.
 */
import { eventually, readUntil, representativeApplication } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { solidPng } from '../../browser/support/png.js';
import { filesForm, makeVideo } from '../../support/media-files.js';
import { auth, json, signedInMember, signIn, type SignedIn } from '../support/members.js';
import { createPost } from '../support/posts.js';
import { api, body } from '../support/product.js';
import type { Actors, Member } from './actors.js';
import { newConversation, newMessage } from './conversations.js';

async function created<T>(res: Response, what: string, status = 201): Promise<T> {
  expect(res.status, `${what}: ${await res.clone().text()}`).toBe(status);
  return body<T>(res);
}

const bearerOnly = (token: string) => ({ authorization: `Bearer ${token}` });

export { representativeApplication };

export async function newGroup(owner: SignedIn, privacy: 'public' | 'private' = 'public'): Promise<number> {
  const group = await created<{ group_id: number }>(
    await api(
      '/api/groups',
      json({ title: `Matrix ${randomBytes(3).toString('hex')}`, description: 'Authorization matrix', privacy }, owner.token),
    ),
    'group',
  );
  return group.group_id;
}

export async function joinGroup(who: SignedIn, groupId: number): Promise<void> {
  await created(await api(`/api/groups/${groupId}/join`, { method: 'POST', headers: bearerOnly(who.token) }), 'join', 200);
}

export async function newStory(owner: SignedIn): Promise<number> {
  const res = await api('/api/stories', {
    method: 'POST',
    headers: bearerOnly(owner.token),
    body: filesForm([{ data: solidPng(), name: 'a.png', type: 'image/png' }], 'media'),
  });
  const story = await created<{ id?: number; story?: { id: number } }>(res, 'story');
  return story.id ?? story.story!.id;
}

let clip: Promise<Buffer> | null = null;
export async function uploadVideo(owner: SignedIn, purpose = 'reel'): Promise<{ url: string; id: number }> {
  clip ??= makeVideo(2);
  const res = await api(`/api/media/upload?purpose=${purpose}`, {
    method: 'POST',
    headers: bearerOnly(owner.token),
    body: filesForm([{ data: await clip, name: 'clip.mp4', type: 'video/mp4' }]),
  });
  const answer = await created<{ files?: { url: string; videoId?: number; id?: number }[] }>(res, 'video upload');
  const file = answer.files![0]!;
  return { url: file.url, id: (file.videoId ?? file.id)! };
}

export async function newReel(owner: SignedIn): Promise<number> {
  return (await reelWithVideo(owner)).id;
}

async function reelWithVideo(owner: SignedIn): Promise<{ id: number; videoUrl: string }> {
  const video = await uploadVideo(owner);
  const reel = await created<{ id: number }>(
    await api('/api/reels', json({ videoUrl: video.url, caption: 'Matrix reel' }, owner.token)),
    'reel',
  );
  return { id: reel.id, videoUrl: video.url };
}

/**
 * Waits until the reel's video is transcoded. Until then only its author sees it, so a refused
 * caller's DELETE would meet "not found" (404) instead of "not yours" (403): the embedded product,
 * transcoding in its own process, is slow enough under the full suite for that to happen.
 */
async function reelPublished(owner: SignedIn, reelId: number): Promise<void> {
  await eventually(
    async () => (await body<{ state?: string }>(await api(`/api/reels/${reelId}`, auth(owner.token)))).state === 'ready',
    60_000,
    200,
  );
}

async function uploadImage(owner: SignedIn): Promise<string> {
  const res = await api('/api/media/upload', {
    method: 'POST',
    headers: bearerOnly(owner.token),
    body: filesForm([{ data: solidPng(), name: 'a.png', type: 'image/png' }]),
  });
  return (await created<{ files: { url: string }[] }>(res, 'image upload')).files[0]!.url;
}

/** Two mentions of the owner held for review: tag review on, then the member's posts naming the owner. */
async function pendingMentions(owner: Member, member: SignedIn): Promise<[number, number]> {
  expect((await api('/api/settings/privacy', json({ tagReview: true }, owner.token, 'PUT'))).status).toBe(200);
  // The setting reaches the posts service as an event: post until two mentions wait for review.
  const pending = await readUntil(
    async () => {
      await createPost(member, `Matrix with @${owner.member.username}`);
      return body<{ mentionId: number }[]>(await api('/api/posts/mentions/pending', auth(owner.token)));
    },
    (list) => list.length >= 2,
    20_000,
  );
  return [pending[0]!.mentionId, pending[1]!.mentionId];
}

/**
 * A new group of the owner's, the group admin appointed in it (unless `appoint` is false), with
 * `joiner` a plain member of it and, for a private group, the target asking to join (`requester`).
 */
export async function freshGroup(
  ctx: { actors: Actors; res: { target: Member } },
  options: { privacy?: 'public' | 'private'; appoint?: boolean; joiner?: SignedIn | null; requester?: boolean } = {},
): Promise<{ groupId: number; requester: number }> {
  const { owner, groupAdmin } = ctx.actors;
  const privacy = options.privacy ?? 'public';
  const groupId = await newGroup(owner, privacy);
  const admit = async (who: SignedIn) => {
    await joinGroup(who, groupId);
    if (privacy === 'private')
      await created(
        await api(`/api/groups/${groupId}/requests/${who.user.user_id}/approve`, { method: 'POST', headers: bearerOnly(owner.token) }),
        'approve',
        200,
      );
  };
  if (options.appoint !== false) {
    await admit(groupAdmin);
    await created(
      await api(`/api/groups/${groupId}/members/${groupAdmin.user.user_id}/role`, json({ role: 'admin' }, owner.token, 'PUT')),
      'appoint',
      200,
    );
  }
  if (options.joiner && options.joiner.user.user_id !== owner.user.user_id) await admit(options.joiner);
  if (options.requester) await joinGroup(ctx.res.target, groupId);
  return { groupId, requester: ctx.res.target.user.user_id };
}

export async function newPaymentReference(owner: Member): Promise<string> {
  const started = await readUntil(
    () =>
      api(
        '/api/payments/initialize',
        json({ email: owner.member.email, amount: 1000, metadata: { userId: owner.user.user_id } }, owner.token),
      ),
    (res) => res.status === 200,
  );
  return (await body<{ reference: string }>(started)).reference;
}

/** A second session of `who`, to be listed and ended. */
export async function otherSessionId(who: Member): Promise<string> {
  await signIn(who.member.email, who.member.password);
  const sessions = await body<{ id: string; current: boolean }[]>(await api('/api/settings/security/sessions', auth(who.token)));
  return sessions.find((s) => !s.current)!.id;
}

/** A friend request from `from` to `to`, once the friends service knows both. */
export async function newFriendRequest(from: SignedIn, to: SignedIn): Promise<number> {
  const sent = await readUntil(
    () => api('/api/friends/requests', json({ toUserId: to.user.user_id }, from.token)),
    (res) => res.status !== 404,
  );
  return (await created<{ request: { id: number } }>(sent, 'friend request')).request.id;
}

export interface Resources {
  postId: number;
  /** A post of another member the owner has saved, reported and is mentioned in. */
  othersPostId: number;
  groupId: number;
  storyId: number;
  reelId: number;
  videoId: number;
  paymentReference: string;
  packageId: number;
  reportId: number;
  applicationId: number;
  /** Two mentions of the owner waiting for review (tag review is on): one to approve, one to decline. */
  mentionIds: [number, number];
  /** From the member to the owner. */
  friendRequestId: number;
  /** From the owner to the group admin. */
  sentRequestId: number;
  /** One of the owner's sessions that is not the one its token belongs to. */
  sessionId: string;
  /** A stored image, as `/uploads/...`. */
  imageUrl: string;
  /** A video already used by the owner's reel (refused callers send it; allowed ones get a fresh one). */
  reelVideoUrl: string;
  /** A member the admin routes act on, so that no actor of the matrix is changed by them. */
  target: Member;
  /** A group conversation the owner created with the target in it, and a message of each in it. */
  conversationId: number;
  ownMessageId: number;
  targetMessageId: number;
}

export async function makeResources(actors: Actors, target: Member): Promise<Resources> {
  const { owner, member, groupAdmin, admin } = actors;
  const [
    post,
    othersPost,
    groupId,
    storyId,
    reel,
    video,
    paymentReference,
    imageUrl,
    mentionIds,
    friendRequestId,
    sentRequestId,
    sessionId,
  ] = await Promise.all([
    createPost(owner, 'Matrix post'),
    createPost(member, 'Matrix post of another member'),
    newGroup(owner),
    newStory(owner),
    reelWithVideo(owner),
    uploadVideo(owner, 'post'),
    newPaymentReference(owner),
    uploadImage(owner),
    pendingMentions(owner, member),
    newFriendRequest(member, owner),
    newFriendRequest(owner, groupAdmin),
    otherSessionId(owner),
  ]);
  await Promise.all([joinGroup(groupAdmin, groupId), reelPublished(owner, reel.id)]);
  await created(
    await api(`/api/groups/${groupId}/members/${groupAdmin.user.user_id}/role`, json({ role: 'admin' }, owner.token, 'PUT')),
    'appoint',
    200,
  );

  const conversationId = await newConversation(owner, [target]);
  const [ownMessageId, targetMessageId] = [await newMessage(owner, conversationId), await newMessage(target, conversationId)];
  const packages = await body<{ id: number }[]>(await api('/api/packages', auth(owner.token)));
  await created(await api('/api/reports', json({ postId: othersPost.id, reason: 'spam' }, owner.token)), 'report');
  const reports = await body<{ items: { id: number }[] }>(await api('/api/admin/reports?status=open&limit=100', auth(admin.adminToken)));
  const application = await created<{ id: number }>(await api('/api/representatives', json(representativeApplication())), 'application');
  return {
    postId: post.id,
    othersPostId: othersPost.id,
    groupId,
    storyId,
    reelId: reel.id,
    reelVideoUrl: reel.videoUrl,
    videoId: video.id,
    paymentReference,
    packageId: packages[0]!.id,
    reportId: reports.items[0]!.id,
    applicationId: application.id,
    mentionIds,
    friendRequestId,
    sentRequestId,
    sessionId,
    imageUrl,
    target,
    conversationId,
    ownMessageId,
    targetMessageId,
  };
}

let blockable: Promise<SignedIn> | null = null;
/**
 * A member the block rows block (decision 036), kept apart from every other resource so that no
 * other row's answer depends on a block. Made once, and only returned once the friends service
 * knows them (a block of a member it does not know yet is 404): a throwaway prober blocks them
 * until that works, then unblocks.
 */
export function blockableMember(): Promise<SignedIn> {
  blockable ??= (async () => {
    const [target, prober] = await Promise.all([signedInMember(), signedInMember()]);
    const probe = await readUntil(
      () => api('/api/friends/blocks', json({ userId: target.user.user_id }, prober.token)),
      (res) => res.status !== 404,
    );
    expect(probe.status, await probe.clone().text()).toBe(201);
    const undone = await api(`/api/friends/blocks/${target.user.user_id}`, { ...auth(prober.token), method: 'DELETE' });
    expect(undone.status).toBe(200);
    return target;
  })();
  return blockable;
}
