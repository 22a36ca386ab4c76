/**
 * THE authorization table: every operation of the merged OpenAPI document (and the gateway's own
 * routes it does not list), its access class, and the per-actor answers where the route departs
 * from its class. A new route fails the matrix until it is classified here.
 *
 * Where an allowed actor cannot get a 2xx with a minimal valid request (a one-time code only a mail
 * holds, a balance the member does not have), the row sets the named 4xx it gets and says why.
 */
import { signExpiringLinkToken } from '@kora/platform/service';
import { randomBytes, randomUUID } from 'node:crypto';
import { solidPng } from '../../browser/support/png.js';
import { filesForm } from '../../support/media-files.js';
import { json, newMember, signIn } from '../support/members.js';
import { api, tokenFor } from '../support/product.js';
import { browserPushSubscription } from '../support/push-device.js';
import { sidOf, type ActorName, type Member } from './actors.js';
import { expectationsFor, type AccessClass, type Expected } from './classes.js';
import type { MatrixContext, RequestBuilder } from './context.js';
import {
  blockableMember,
  freshGroup,
  newPaymentReference,
  newReel,
  newStory,
  otherSessionId,
  representativeApplication,
  uploadVideo,
} from './resources.js';
import { newConversation, newMessage, newMessageReport } from './conversations.js';
import { createPost } from '../support/posts.js';
import { FAKE_PAYSTACK } from '../support/wallet.js';

export interface Row {
  /** `METHOD /path` exactly as the OpenAPI document spells it. */
  operation: string;
  access: AccessClass;
  expected: Record<ActorName, Expected>;
  request: RequestBuilder;
  /**
   * Calls that end sessions or change passwords run last, one at a time, in this order, so they
   * spoil nothing else (a password change ends the member's other sessions).
   */
  last?: number;
  /** Not in the merged document: answered by the gateway itself. */
  gatewayOwn?: boolean;
  /** Why the row departs from its class. */
  why?: string;
}

interface RowOptions {
  ok?: Expected;
  refused?: Expected;
  expect?: Partial<Record<ActorName, Expected>>;
  request?: RequestBuilder;
  last?: number;
  gatewayOwn?: boolean;
  why?: string;
}

function row(operation: string, access: AccessClass, options: RowOptions = {}): Row {
  const [method, template] = operation.split(' ') as [string, string];
  const hasJsonBody = (ctx: MatrixContext) => ctx.doc.paths[template]?.[method.toLowerCase()]?.requestBody?.content?.['application/json'];
  const request: RequestBuilder = options.request ?? ((ctx) => ({ path: template, body: hasJsonBody(ctx)?.example }));
  return {
    operation,
    access,
    expected: { ...expectationsFor(access, { ok: options.ok ?? 200, refused: options.refused ?? 403 }), ...options.expect },
    request: async (ctx, actor, allowed) => ({ method, ...(await request(ctx, actor, allowed)) }),
    last: options.last,
    gatewayOwn: options.gatewayOwn,
    why: options.why,
  };
}

const png = () => filesForm([{ data: solidPng(), name: 'a.png', type: 'image/png' }]);
const pngAs = (field: string) => filesForm([{ data: solidPng(), name: 'a.png', type: 'image/png' }], field);
/** A browser's push subscription with an endpoint of its own (never reached: no notification is made for it here). */
const pushDevice = () => browserPushSubscription('https://push.example.com/matrix');
/** The member behind an actor, for routes whose body names the caller; the owner stands in for token-only actors. */
const self = (ctx: MatrixContext, actor: ActorName) => ctx.memberOf(actor) ?? ctx.actors.owner;

/** A signed download link of the owner's naming an archive they do not have (decision 035). */
function ownerArchiveToken(ctx: MatrixContext): string {
  const secret = process.env.INTERNAL_SECRET;
  if (!secret) throw new Error('INTERNAL_SECRET must be set (the harness sets it)');
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  return signExpiringLinkToken(secret, 'data-archive', {
    userId: ctx.actors.owner.user.user_id,
    subject: randomBytes(16).toString('hex'),
    expiresAt,
  });
}

/** A new session of the actor's member (an admin token for the admin), for calls that end their session. */
async function freshSessionToken(ctx: MatrixContext, actor: ActorName): Promise<string> {
  const who = self(ctx, actor);
  const session = await signIn(who.member.email, who.member.password);
  if (actor !== 'admin') return session.token;
  return tokenFor({ userId: who.user.user_id, role: 'admin', sessionId: sidOf(session.token) });
}

/**
 * The password an allowed change sets. The member's record follows it at once, so the rows after
 * this one sign in with the password the member has now.
 */
function nextPassword(who: Member, allowed: boolean): string {
  const next = `${who.member.password}+`;
  if (allowed) who.member.password = next;
  return next;
}

export const TABLE: Row[] = [
  // ── gateway ─────────────────────────────────────────────────────────────────────────────────
  row('GET /api/site', 'public'),
  row('GET /ws', 'member', { ok: 101, why: 'a WebSocket handshake: 101 when the token is good (checked by upgrade, see caller)' }),
  row('GET /healthz', 'public', { gatewayOwn: true }),
  row('GET /readyz', 'public', { gatewayOwn: true }),
  row('GET /api/health/services', 'public', { gatewayOwn: true }),
  row('GET /api/docs', 'public', { gatewayOwn: true }),
  row('GET /api/docs/openapi.json', 'public', { gatewayOwn: true }),
  row('GET /api/docs/init.js', 'public', { gatewayOwn: true }),

  // ── auth: accounts and sign-in ──────────────────────────────────────────────────────────────
  row('GET /api/auth/session', 'member'),
  row('POST /api/signUp', 'public', { ok: 201, request: () => ({ path: '/api/signUp', body: newMember() }) }),
  row('POST /api/activate', 'public', {
    ok: 400,
    why: 'the activation token only exists in a mail: an unknown one is refused 400 for everyone',
  }),
  row('POST /api/resend-activation', 'public', { request: () => ({ path: '/api/resend-activation', body: { email: newMember().email } }) }),
  row('POST /api/signin', 'public', {
    request: (ctx) => ({ path: '/api/signin', body: { email: ctx.res.target.member.email, password: ctx.res.target.member.password } }),
  }),
  row('POST /api/signin/two-step', 'public', {
    ok: 401,
    request: () => ({ path: '/api/signin/two-step', body: { challenge: `tsc_${'A'.repeat(43)}`, code: '123456' } }),
    why: 'the challenge only comes from a sign-in with the password: the example one is unknown, 401 for everyone',
  }),
  row('POST /api/auth/unlock', 'public', {
    ok: 400,
    why: 'the unlock token is signed and only in a mail: the example one is refused 400 for everyone',
  }),
  row('POST /api/auth/refresh', 'public', {
    ok: 400,
    why: 'a refresh token rotates once; the example one is unknown, so everyone gets 400 (refresh itself is tested in accounts.test)',
  }),
  row('POST /api/signout', 'member', {
    ok: 204,
    last: 3,
    // A fresh session of the same member signs out, so the actor's own token lives on for the rows after.
    request: async (ctx, actor, allowed) => ({ path: '/api/signout', token: allowed ? await freshSessionToken(ctx, actor) : undefined }),
  }),
  // A code per e-mail every 30 s: each actor asks for an address of its own (unknown ones answer the same, no enumeration).
  row('POST /api/sendForgotOtp', 'public', { request: () => ({ path: '/api/sendForgotOtp', body: { email: newMember().email } }) }),
  row('POST /api/resend-otp', 'public', { request: () => ({ path: '/api/resend-otp', body: { email: newMember().email } }) }),
  row('POST /api/forgot-password', 'public', { ok: 400, why: 'the one-time code only exists in a mail: a wrong one is 400 for everyone' }),
  row('POST /api/reset-password', 'public', { ok: 400, why: 'the one-time code only exists in a mail: a wrong one is 400 for everyone' }),
  row('GET /api/dev/mail', 'public', { ok: 404, why: 'the dev outbox is off when real SMTP is set (always in the tests)' }),

  // ── auth: profiles ──────────────────────────────────────────────────────────────────────────
  row('GET /api/users/search', 'member', { request: () => ({ path: '/api/users/search?q=ada' }) }),
  row('GET /api/users/{id}', 'public', {
    request: (ctx) => ({ path: `/api/users/${ctx.actors.owner.user.user_id}` }),
  }),
  row('PUT /api/users/{id}', 'owner', {
    request: (ctx) => ({
      path: `/api/users/${ctx.actors.owner.user.user_id}`,
      body: { firstname: 'Adaeze', lastname: 'Okafor', bio: 'Matrix' },
    }),
  }),
  row('PUT /api/users/{id}/avatar', 'owner', {
    request: (ctx) => ({ path: `/api/users/${ctx.actors.owner.user.user_id}/avatar`, body: pngAs('avatar') }),
  }),
  row('PUT /api/users/{id}/cover', 'owner', {
    request: (ctx) => ({ path: `/api/users/${ctx.actors.owner.user.user_id}/cover`, body: pngAs('avatar') }),
  }),

  // ── auth: the member's own security ─────────────────────────────────────────────────────────
  row('PUT /api/settings/security/password', 'member', {
    last: 2,
    request: async (ctx, actor, allowed) => {
      const token = allowed ? await freshSessionToken(ctx, actor) : undefined;
      return {
        path: '/api/settings/security/password',
        token,
        body: { currentPassword: self(ctx, actor).member.password, newPassword: nextPassword(self(ctx, actor), allowed) },
      };
    },
  }),
  row('GET /api/settings/security/sessions', 'member'),
  // Two-step sign-in (decision 033): always the caller's own, so "member" routes with no id to name another.
  row('GET /api/settings/security/two-step', 'member'),
  row('POST /api/settings/security/two-step/setup', 'member'),
  row('POST /api/settings/security/two-step/confirm', 'member', {
    ok: [400, 409],
    request: () => ({ path: '/api/settings/security/two-step/confirm', body: { code: '123456' } }),
    why: 'the code comes from the app holding the secret: the example code is wrong (400), or no set-up waits (409)',
  }),
  row('POST /api/settings/security/two-step/disable', 'member', {
    ok: 409,
    request: () => ({ path: '/api/settings/security/two-step/disable', body: { password: 'not checked first', code: '123456' } }),
    why: 'the actors have not turned two-step on, so there is nothing to turn off (turning off is tested in two-step.test)',
  }),
  // Leaving and moving (decision 034): always the caller's own account; the links' tokens are the proof.
  row('POST /api/settings/security/delete-account', 'member', {
    ok: 400,
    request: () => ({ path: '/api/settings/security/delete-account', body: { password: 'not the password' } }),
    why: 'a wrong password is refused 400, so no actor is deleted (deleting is tested in account-erasure.test)',
  }),
  row('POST /api/settings/security/email', 'member', {
    ok: 400,
    request: () => ({ path: '/api/settings/security/email', body: { email: newMember().email, password: 'not the password' } }),
    why: 'a wrong password is refused 400, so no address changes (the change is tested in email-change.test)',
  }),
  row('POST /api/settings/security/email-change/confirm', 'public', {
    ok: 400,
    request: () => ({ path: '/api/settings/security/email-change/confirm', body: { token: 'A'.repeat(43) } }),
    why: 'the token only exists in a mail: an unknown one is refused 400 for everyone',
  }),
  row('POST /api/settings/security/email-change/cancel', 'public', {
    ok: 400,
    request: () => ({ path: '/api/settings/security/email-change/cancel', body: { token: 'A'.repeat(43) } }),
    why: 'the token only exists in a mail: an unknown one is refused 400 for everyone',
  }),
  row('DELETE /api/settings/security/sessions/{id}', 'owner', {
    ok: 204,
    refused: 404,
    why: "another member's session is not shown to exist",
    request: async (ctx, _actor, allowed) => ({
      path: `/api/settings/security/sessions/${allowed ? await otherSessionId(ctx.actors.owner) : ctx.res.sessionId}`,
    }),
  }),

  // ── auth: admin ─────────────────────────────────────────────────────────────────────────────
  row('GET /api/admin/users', 'admin'),
  row('GET /api/admin/users/export', 'admin', { request: () => ({ path: '/api/admin/users/export?format=json' }) }),
  row('PUT /api/admin/users/{id}', 'admin', {
    request: (ctx) => ({ path: `/api/admin/users/${ctx.res.target.user.user_id}`, body: { firstname: 'Target' } }),
  }),
  row('PUT /api/admin/users/{id}/status', 'admin', {
    request: (ctx) => ({ path: `/api/admin/users/${ctx.res.target.user.user_id}/status`, body: { status: 'active' } }),
  }),
  row('GET /api/admin/profile/me', 'admin'),
  row('PUT /api/admin/profile', 'admin', {
    request: (ctx) => {
      const { member } = ctx.actors.admin;
      return {
        path: '/api/admin/profile',
        body: {
          username: member.username,
          firstname: member.firstname,
          lastname: member.lastname,
          email: member.email,
          bio: 'Matrix',
          timezone: 'Africa/Lagos',
        },
      };
    },
  }),
  row('PUT /api/admin/profile/password', 'admin', {
    last: 1,
    request: async (ctx, actor, allowed) => {
      const token = allowed ? await freshSessionToken(ctx, actor) : undefined;
      return {
        path: '/api/admin/profile/password',
        token,
        body: { oldPassword: ctx.actors.admin.member.password, newPassword: nextPassword(ctx.actors.admin, allowed) },
      };
    },
  }),
  row('PUT /api/admin/profile/avatar', 'admin', { request: () => ({ path: '/api/admin/profile/avatar', body: pngAs('avatar') }) }),
  row('GET /api/admin/profile/sessions', 'admin'),
  row('DELETE /api/admin/profile/sessions/{id}', 'admin', {
    ok: 204,
    request: async (ctx, _actor, allowed) => ({
      path: `/api/admin/profile/sessions/${allowed ? await otherSessionId(ctx.actors.admin) : ctx.res.sessionId}`,
    }),
  }),

  // ── friends ─────────────────────────────────────────────────────────────────────────────────
  row('POST /api/friends/requests', 'member', {
    ok: 201,
    request: (ctx) => ({ path: '/api/friends/requests', body: { toUserId: ctx.res.target.user.user_id } }),
  }),
  row('GET /api/friends/requests', 'member'),
  row('GET /api/friends/requests/sent', 'member'),
  row('PUT /api/friends/requests/{id}', 'owner', {
    refused: 404,
    expect: { member: 403 },
    why: 'only the member asked may answer: its sender is told so (403), to others it is not shown to exist (404)',
    request: (ctx) => ({ path: `/api/friends/requests/${ctx.res.friendRequestId}`, body: { action: 'declined' } }),
  }),
  row('DELETE /api/friends/requests/{id}', 'owner', {
    refused: 404,
    expect: { groupAdmin: 403 },
    why: 'only the sender may cancel: the member asked (here the group admin) is told so (403), to others it is not shown to exist (404)',
    request: (ctx) => ({ path: `/api/friends/requests/${ctx.res.sentRequestId}` }),
  }),
  row('GET /api/friends/list', 'member'),
  row('GET /api/friends/suggestions', 'member'),
  row('GET /api/friends/relation/{userId}', 'member', {
    request: (ctx) => ({ path: `/api/friends/relation/${ctx.actors.owner.user.user_id}` }),
  }),
  row('DELETE /api/friends/{userId}', 'member', {
    ok: 404,
    why: 'no actor is a friend of the target: removing a friendship that does not exist is 404 (befriend-and-remove is in friends-notifications.test)',
    request: (ctx) => ({ path: `/api/friends/${ctx.res.target.user.user_id}` }),
  }),
  // Blocks (decision 036): each allowed actor blocks the same fresh member, a block of their own.
  row('GET /api/friends/blocks', 'member'),
  row('POST /api/friends/blocks', 'member', {
    ok: [200, 201],
    why: 'the first block of the member is 201, one the DELETE row below made first is 200 (rows may run in either order)',
    request: async () => ({ path: '/api/friends/blocks', body: { userId: (await blockableMember()).user.user_id } }),
  }),
  row('DELETE /api/friends/blocks/{userId}', 'member', {
    why: 'an allowed actor blocks the member first (through the API), so the unblock has a block to end',
    request: async (ctx, actor, allowed) => {
      const userId = (await blockableMember()).user.user_id;
      const token = ctx.actors.tokens[actor];
      if (allowed && token) await api('/api/friends/blocks', json({ userId }, token));
      return { path: `/api/friends/blocks/${userId}` };
    },
  }),

  // ── posts ───────────────────────────────────────────────────────────────────────────────────
  row('GET /api/posts', 'member'),
  row('POST /api/posts', 'member', {
    ok: 201,
    request: (ctx, actor) => ({ path: '/api/posts', body: { userId: self(ctx, actor).user.user_id, content: 'Matrix' } }),
  }),
  row('GET /api/posts/{id}', 'member', { request: (ctx) => ({ path: `/api/posts/${ctx.res.postId}` }) }),
  row('DELETE /api/posts/{id}', 'owner', {
    request: async (ctx, _actor, allowed) => ({
      path: `/api/posts/${allowed ? (await createPost(ctx.actors.owner, 'Doomed')).id : ctx.res.postId}`,
    }),
  }),
  row('POST /api/posts/{id}/react', 'member', {
    request: (ctx) => ({ path: `/api/posts/${ctx.res.postId}/react`, body: { reaction: 'like' } }),
  }),
  row('POST /api/posts/{id}/comment', 'member', {
    ok: 201,
    request: (ctx) => ({ path: `/api/posts/${ctx.res.postId}/comment`, body: { content: 'Matrix' } }),
  }),
  row('POST /api/posts/{id}/share', 'member', { request: (ctx) => ({ path: `/api/posts/${ctx.res.postId}/share` }) }),
  row('GET /api/saves', 'member'),
  row('POST /api/saves', 'member', { ok: 201, request: (ctx) => ({ path: '/api/saves', body: { postId: ctx.res.postId } }) }),
  row('DELETE /api/saves/{postId}', 'member', { request: (ctx) => ({ path: `/api/saves/${ctx.res.postId}` }) }),
  row('GET /api/memories', 'member'),
  row('GET /api/posts/mentions/pending', 'member'),
  row('POST /api/posts/mentions/{mentionId}/approve', 'owner', {
    refused: 403,
    why: 'only the member mentioned reviews a mention: everyone else is told so (403 NOT_MENTIONED)',
    request: (ctx) => ({ path: `/api/posts/mentions/${ctx.res.mentionIds[0]}/approve` }),
  }),
  row('POST /api/posts/mentions/{mentionId}/decline', 'owner', {
    refused: 403,
    why: 'only the member mentioned reviews a mention: everyone else is told so (403 NOT_MENTIONED)',
    request: (ctx) => ({ path: `/api/posts/mentions/${ctx.res.mentionIds[1]}/decline` }),
  }),
  row('GET /api/groups/{id}/posts', 'member', { request: (ctx) => ({ path: `/api/groups/${ctx.res.groupId}/posts` }) }),
  row('POST /api/posts/{id}/boost', 'owner', {
    ok: 402,
    why: 'a boost needs an active Pro package the owner does not have: 402 (a paid boost is in perks.test)',
    request: (ctx) => ({ path: `/api/posts/${ctx.res.postId}/boost` }),
  }),
  row('POST /api/reports', 'member', {
    ok: 201,
    // A member reports a post once and never their own: each allowed call reports a fresh post of the target's.
    request: async (ctx, _actor, allowed) => ({
      path: '/api/reports',
      body: { postId: allowed ? (await createPost(ctx.res.target, 'Reported')).id : ctx.res.othersPostId, reason: 'spam' },
    }),
  }),
  row('GET /api/search', 'member', { request: () => ({ path: '/api/search?q=matrix&type=posts' }) }),
  row('GET /api/hashtags/trending', 'member'),
  row('GET /api/hashtags/{tag}/posts', 'member', { request: () => ({ path: '/api/hashtags/matrix/posts' }) }),
  row('GET /api/members/pro', 'member'),
  row('GET /api/shares/friends', 'member'),
  row('GET /api/admin/posts', 'admin'),
  row('PUT /api/admin/posts/{id}/visibility', 'admin', {
    request: (ctx) => ({ path: `/api/admin/posts/${ctx.res.othersPostId}/visibility`, body: { action: 'shadow' } }),
  }),
  row('GET /api/admin/reports', 'admin'),
  row('PUT /api/admin/reports/{id}', 'admin', {
    request: (ctx) => ({ path: `/api/admin/reports/${ctx.res.reportId}`, body: { action: 'dismiss' } }),
  }),

  // ── media ───────────────────────────────────────────────────────────────────────────────────
  row('POST /api/media/upload', 'member', { ok: 201, request: () => ({ path: '/api/media/upload', body: png() }) }),
  row('GET /api/media/videos/{id}', 'member', {
    why: "any member may read a video's state (decision 010: video URLs are public anyway)",
    request: (ctx) => ({ path: `/api/media/videos/${ctx.res.videoId}` }),
  }),
  // The data archive (decision 035): a member's own only; the full request → download is in data-archive.test.ts.
  row('POST /api/media/archive', 'member', { ok: 202 }),
  row('GET /api/media/archive', 'member'),
  row('GET /api/media/archive/download', 'owner', {
    ok: 410,
    why: "the owner has no ready archive here: a link signed for them naming another archive is 410; anyone else's use of it is 403",
    request: (ctx) => ({ path: `/api/media/archive/download?token=${ownerArchiveToken(ctx)}` }),
  }),
  row('GET /uploads/profile/defaultavatar.png', 'public'),
  row('HEAD /uploads/profile/defaultavatar.png', 'public'),
  row('GET /uploads/{path}', 'public', { request: (ctx) => ({ path: ctx.res.imageUrl }) }),
  row('HEAD /uploads/{path}', 'public', { request: (ctx) => ({ path: ctx.res.imageUrl }) }),

  // ── stories and reels ───────────────────────────────────────────────────────────────────────
  row('POST /api/stories', 'member', { ok: 201, request: () => ({ path: '/api/stories', body: pngAs('media') }) }),
  row('GET /api/stories', 'member'),
  row('GET /api/stories/{id}/viewers', 'owner', {
    refused: 404,
    why: 'a story others may not see is not shown to exist',
    request: (ctx) => ({ path: `/api/stories/${ctx.res.storyId}/viewers` }),
  }),
  row('DELETE /api/stories/{id}', 'owner', {
    ok: 204,
    refused: 404,
    why: 'a story others may not see is not shown to exist',
    request: async (ctx, _actor, allowed) => ({ path: `/api/stories/${allowed ? await newStory(ctx.actors.owner) : ctx.res.storyId}` }),
  }),
  row('POST /api/stories/{id}/view', 'member', {
    expect: { member: 404, groupAdmin: 404, admin: 404 },
    why: "stories are for the owner's friends (spec): to anyone else the story is not shown to exist",
    request: (ctx) => ({ path: `/api/stories/${ctx.res.storyId}/view` }),
  }),
  row('GET /api/reels', 'member'),
  row('POST /api/reels', 'member', {
    ok: 201,
    request: async (ctx, actor, allowed) => ({
      path: '/api/reels',
      body: { videoUrl: allowed ? (await uploadVideo(self(ctx, actor))).url : ctx.res.reelVideoUrl, caption: 'Matrix' },
    }),
  }),
  row('GET /api/reels/{id}', 'member', { request: (ctx) => ({ path: `/api/reels/${ctx.res.reelId}` }) }),
  row('DELETE /api/reels/{id}', 'owner', {
    ok: 204,
    request: async (ctx, _actor, allowed) => ({ path: `/api/reels/${allowed ? await newReel(ctx.actors.owner) : ctx.res.reelId}` }),
  }),
  row('POST /api/reels/{id}/like', 'member', { request: (ctx) => ({ path: `/api/reels/${ctx.res.reelId}/like` }) }),
  row('POST /api/reels/{id}/share', 'member', { request: (ctx) => ({ path: `/api/reels/${ctx.res.reelId}/share` }) }),
  row('GET /api/reels/{id}/comments', 'member', { request: (ctx) => ({ path: `/api/reels/${ctx.res.reelId}/comments` }) }),
  row('POST /api/reels/{id}/comments', 'member', {
    ok: 201,
    request: (ctx) => ({ path: `/api/reels/${ctx.res.reelId}/comments`, body: { content: 'Matrix' } }),
  }),

  // ── groups ──────────────────────────────────────────────────────────────────────────────────
  row('GET /api/groups', 'member'),
  row('POST /api/groups', 'member', {
    ok: 201,
    request: () => ({ path: '/api/groups', body: { title: `Matrix ${randomBytes(3).toString('hex')}`, privacy: 'public' } }),
  }),
  row('GET /api/groups/{id}', 'member', { request: (ctx) => ({ path: `/api/groups/${ctx.res.groupId}` }) }),
  row('PUT /api/groups/{id}', 'owner', {
    why: 'decision 021: only the owner edits a group; its admins answer requests and remove members',
    request: (ctx) => ({ path: `/api/groups/${ctx.res.groupId}`, body: { description: 'Matrix, edited' } }),
  }),
  row('DELETE /api/groups/{id}', 'owner', {
    request: async (ctx, _actor, allowed) => ({ path: `/api/groups/${allowed ? (await freshGroup(ctx)).groupId : ctx.res.groupId}` }),
  }),
  row('POST /api/groups/{id}/join', 'member', {
    request: async (ctx) => ({ path: `/api/groups/${(await freshGroup(ctx, { appoint: false })).groupId}/join` }),
  }),
  row('DELETE /api/groups/{id}/leave', 'member', {
    request: async (ctx, actor, allowed) => ({
      path: `/api/groups/${allowed ? (await freshGroup(ctx, { joiner: ctx.memberOf(actor) })).groupId : ctx.res.groupId}/leave`,
    }),
    expect: { owner: 409 },
    why: 'decision 021: the owner cannot leave (409)',
  }),
  row('GET /api/groups/{id}/members', 'member', { request: (ctx) => ({ path: `/api/groups/${ctx.res.groupId}/members` }) }),
  row('GET /api/groups/{id}/requests', 'groupAdmin', { request: (ctx) => ({ path: `/api/groups/${ctx.res.groupId}/requests` }) }),
  row('POST /api/groups/{id}/requests/{userId}/approve', 'groupAdmin', {
    request: async (ctx) => {
      const { groupId, requester } = await freshGroup(ctx, { privacy: 'private', requester: true });
      return { path: `/api/groups/${groupId}/requests/${requester}/approve` };
    },
  }),
  row('POST /api/groups/{id}/requests/{userId}/decline', 'groupAdmin', {
    request: async (ctx) => {
      const { groupId, requester } = await freshGroup(ctx, { privacy: 'private', requester: true });
      return { path: `/api/groups/${groupId}/requests/${requester}/decline` };
    },
  }),
  row('DELETE /api/groups/{id}/members/{userId}', 'groupAdmin', {
    request: async (ctx) => {
      const { groupId } = await freshGroup(ctx, { joiner: ctx.res.target });
      return { path: `/api/groups/${groupId}/members/${ctx.res.target.user.user_id}` };
    },
  }),
  row('PUT /api/groups/{id}/members/{userId}/role', 'owner', {
    request: async (ctx) => {
      const { groupId } = await freshGroup(ctx, { joiner: ctx.res.target });
      return { path: `/api/groups/${groupId}/members/${ctx.res.target.user.user_id}/role`, body: { role: 'admin' } };
    },
  }),

  // ── wallet ──────────────────────────────────────────────────────────────────────────────────
  row('POST /api/payments/webhook', 'signature', { ok: 401, why: 'no valid provider signature: refused whoever calls' }),
  row('GET /api/users/fetchbalance', 'member'),
  row('GET /api/payments/transactions', 'member'),
  row('POST /api/payments/initialize', 'member', {
    request: (ctx, actor) => {
      const who = self(ctx, actor);
      return { path: '/api/payments/initialize', body: { email: who.member.email, amount: 1000, metadata: { userId: who.user.user_id } } };
    },
  }),
  row('GET /api/payments/{reference}', 'owner', {
    refused: 404,
    request: (ctx) => ({ path: `/api/payments/${ctx.res.paymentReference}` }),
  }),
  row('POST /api/payments/{reference}/verify', 'owner', {
    refused: 404,
    request: (ctx) => ({ path: `/api/payments/${ctx.res.paymentReference}/verify` }),
  }),
  row('POST /api/payments/{reference}/sandbox-pay', 'owner', {
    refused: 404,
    ...(FAKE_PAYSTACK
      ? { expect: { owner: 404 }, why: 'the embedded test product pays through a fake Paystack: the sandbox checkout is off (404)' }
      : {}),
    request: async (ctx, _actor, allowed) => ({
      path: `/api/payments/${allowed ? await newPaymentReference(ctx.actors.owner) : ctx.res.paymentReference}/sandbox-pay`,
      body: { cardNumber: '4084084084084081' },
    }),
  }),
  row('GET /api/packages', 'member'),
  row('GET /api/packages/mine', 'member'),
  row('POST /api/packages/{id}/purchase', 'member', {
    ok: 402,
    why: 'a package costs money no actor has: 402 insufficient balance (a paid purchase is in perks.test)',
    request: (ctx) => ({ path: `/api/packages/${ctx.res.packageId}/purchase` }),
  }),

  // ── settings ────────────────────────────────────────────────────────────────────────────────
  row('GET /api/settings/profile', 'member'),
  row('PUT /api/settings/profile', 'member', { request: () => ({ path: '/api/settings/profile', body: { city: 'Lagos' } }) }),
  row('GET /api/settings/privacy', 'member'),
  row('PUT /api/settings/privacy', 'member', {
    request: () => ({ path: '/api/settings/privacy', body: { profileVisibility: 'everyone' } }),
  }),
  row('GET /api/settings/notifications', 'member'),
  row('PUT /api/settings/notifications', 'member', {
    request: () => ({ path: '/api/settings/notifications', body: { inappLikes: true } }),
  }),
  row('GET /api/settings/mutes', 'member'),
  row('POST /api/settings/mutes/members', 'member', {
    request: (ctx) => ({ path: '/api/settings/mutes/members', body: { userId: ctx.res.target.user.user_id } }),
  }),
  row('DELETE /api/settings/mutes/members/{userId}', 'member', {
    ok: 404,
    why: 'nobody mutes the owner: unmuting a member you never muted is 404 (mute-then-unmute is in mutes.test)',
    request: (ctx) => ({ path: `/api/settings/mutes/members/${ctx.actors.owner.user.user_id}` }),
  }),
  row('POST /api/settings/mutes/words', 'member', {
    request: () => ({ path: '/api/settings/mutes/words', body: { word: '#spoilers' } }),
  }),
  row('DELETE /api/settings/mutes/words/{word}', 'member', {
    ok: 404,
    why: 'a word nobody muted: 404 (mute-then-unmute is in mutes.test)',
    request: () => ({ path: '/api/settings/mutes/words/never%20muted' }),
  }),
  row('POST /api/settings/unsubscribe', 'public', {
    ok: 400,
    why: 'the unsubscribe token is signed and only in a digest mail: a forged one is 400 for everyone',
  }),

  // ── notifications ───────────────────────────────────────────────────────────────────────────
  row('GET /api/notifications', 'member'),
  row('GET /api/notifications/unread-count', 'member'),
  row('POST /api/notifications/mark-read', 'member', { request: () => ({ path: '/api/notifications/mark-read', body: { ids: [1] } }) }),
  row('POST /api/notifications/mark-all-read', 'member'),
  row('POST /api/notifications/mark-seen', 'member'),
  // Push devices (decision 042): each allowed actor subscribes a device of its own first.
  row('GET /api/notifications/push/key', 'member'),
  row('POST /api/notifications/push/subscriptions', 'member', {
    request: () => ({ path: '/api/notifications/push/subscriptions', body: pushDevice() }),
  }),
  row('DELETE /api/notifications/push/subscriptions', 'member', {
    why: 'an allowed actor subscribes the device first (through the API), so the removal has a subscription of its own to end',
    request: async (ctx, actor, allowed) => {
      const device = pushDevice();
      const token = ctx.actors.tokens[actor];
      if (allowed && token) await api('/api/notifications/push/subscriptions', json(device, token));
      return { path: `/api/notifications/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}` };
    },
  }),
  row('GET /api/presence', 'member', { request: (ctx) => ({ path: `/api/presence?ids=${ctx.actors.owner.user.user_id}` }) }),

  // ── admin service ───────────────────────────────────────────────────────────────────────────
  row('GET /api/admin/settings', 'admin'),
  row('PUT /api/admin/settings/{section}', 'admin', { request: () => ({ path: '/api/admin/settings/general', body: {} }) }),
  row('GET /api/admin/stats', 'admin'),
  row('GET /api/admin/audit', 'admin'),
  row('GET /api/admin/representatives', 'admin'),
  row('PUT /api/admin/representatives/{id}', 'admin', {
    request: (ctx) => ({ path: `/api/admin/representatives/${ctx.res.applicationId}`, body: { status: 'accepted', note: 'Matrix' } }),
  }),
  row('POST /api/representatives', 'public', {
    ok: 201,
    request: () => ({ path: '/api/representatives', body: representativeApplication() }),
  }),

  // ── messages (decision 039): a conversation's routes answer 404 to everyone outside it, admins included ──
  row('GET /api/messages/conversations', 'member'),
  row('POST /api/messages/conversations', 'member', {
    ok: 201,
    request: (ctx) => ({
      path: '/api/messages/conversations',
      body: { memberIds: [ctx.res.target.user.user_id], group: true, title: 'Matrix' },
    }),
  }),
  row('GET /api/messages/unread', 'member'),
  ...(
    [
      ['GET', '', 200],
      ['PATCH', '', 200, { title: 'Matrix renamed' }],
      ['POST', '/members', 200, 'target'],
      ['GET', '/messages', 200],
      ['POST', '/read', 200, 'message'],
      ['POST', '/delivered', 204, 'message'],
      ['POST', '/typing', 204],
    ] as const
  ).map(([method, path, ok, payload]) =>
    row(`${method} /api/messages/conversations/{id}${path}`, 'owner', {
      ok,
      refused: 404,
      why: 'a conversation is not shown to exist to anyone outside it',
      request: (ctx) => ({
        path: `/api/messages/conversations/${ctx.res.conversationId}${path}`,
        body:
          payload === 'target'
            ? { memberIds: [ctx.res.target.user.user_id] }
            : payload === 'message'
              ? { messageId: ctx.res.targetMessageId }
              : payload,
      }),
    }),
  ),
  row('POST /api/messages/conversations/{id}/messages', 'owner', {
    ok: 201,
    refused: 404,
    why: 'a conversation is not shown to exist to anyone outside it',
    request: (ctx) => ({
      path: `/api/messages/conversations/${ctx.res.conversationId}/messages`,
      body: { clientId: randomUUID(), body: 'Matrix' },
    }),
  }),
  row('DELETE /api/messages/conversations/{id}/messages/{messageId}', 'owner', {
    refused: 404,
    why: 'a conversation is not shown to exist to anyone outside it',
    request: async (ctx, _actor, allowed) => {
      const id = ctx.res.conversationId;
      return {
        path: `/api/messages/conversations/${id}/messages/${allowed ? await newMessage(ctx.actors.owner, id) : ctx.res.ownMessageId}`,
      };
    },
  }),
  row('POST /api/messages/conversations/{id}/messages/{messageId}/report', 'owner', {
    ok: 201,
    refused: 404,
    why: 'a conversation is not shown to exist to anyone outside it',
    request: async (ctx, _actor, allowed) => {
      const id = ctx.res.conversationId;
      const messageId = allowed ? await newMessage(ctx.res.target, id) : ctx.res.targetMessageId;
      return { path: `/api/messages/conversations/${id}/messages/${messageId}/report`, body: { reason: 'spam' } };
    },
  }),
  row('DELETE /api/messages/conversations/{id}/members/{userId}', 'owner', {
    ok: 204,
    refused: 404,
    why: 'a conversation is not shown to exist to anyone outside it',
    request: async (ctx, _actor, allowed) => {
      const id = allowed ? await newConversation(ctx.actors.owner, [ctx.res.target]) : ctx.res.conversationId;
      return { path: `/api/messages/conversations/${id}/members/${ctx.res.target.user.user_id}` };
    },
  }),
  row('POST /api/messages/conversations/{id}/leave', 'owner', {
    ok: 204,
    refused: 404,
    why: 'a conversation is not shown to exist to anyone outside it',
    request: async (ctx, _actor, allowed) => ({
      path: `/api/messages/conversations/${allowed ? await newConversation(ctx.actors.owner, [ctx.res.target]) : ctx.res.conversationId}/leave`,
    }),
  }),
  ...(['accept', 'decline'] as const).map((answer) =>
    row(`POST /api/messages/conversations/{id}/${answer}`, 'owner', {
      ok: 204,
      refused: 404,
      why: "a conversation is not shown to exist to anyone outside it; the owner answers the target's request",
      request: async (ctx, _actor, allowed) => ({
        path: `/api/messages/conversations/${allowed ? await newConversation(ctx.res.target, [ctx.actors.owner]) : ctx.res.conversationId}/${answer}`,
      }),
    }),
  ),
  row('GET /api/admin/message-reports', 'admin'),
  row('POST /api/admin/message-reports/{id}/close', 'admin', {
    request: async (ctx, _actor, allowed) => ({
      path: `/api/admin/message-reports/${allowed ? await newMessageReport(ctx.actors.owner, ctx.res.target, ctx.res.conversationId) : 1}/close`,
      body: { status: 'dismissed' },
    }),
  }),
];
