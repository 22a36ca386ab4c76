/**
 * Helpers for the posts service's tests: start it on the test adapters, make member ids no other
 * run uses, feed it the events other services would send (auth's members, the friends service's
 * graph, media's videos) through the same bus its consumers read, and read what it wrote to its
 * outbox. Works the same on the embedded engines and on real PostgreSQL/Kafka.
 */
import {
  defaultPrivacySettings,
  friendPairKey,
  topicOf,
  type EventPayload,
  type EventType,
  type GroupPrivacy,
  type GroupRole,
  type Post,
  type PostPage,
  type PrivacySettings,
} from '@kora/contracts';
import { buildEnvelope, rowsOf } from '@kora/platform/service';
import {
  eventually,
  memberClient,
  memberSnapshot,
  processed,
  publishEvent,
  readUntil,
  startTestService,
  type TestService,
} from '@kora/testing';
import { and, eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createPostsService, type PostsOptions } from './app.js';
import { loadPostsConfig } from './config.js';
import { createPosts, type Posts } from './context.js';
import { postsSchema, type PostsTables } from './db/schema.js';
import { postIndexer } from './search/opensearch/indexer.js';
import { postIndexName } from './search/opensearch/post-index.js';

export interface PostsTestService extends TestService {
  tables: PostsTables;
  /** What the service was started with, so `postsHandle` builds the same Posts the routes use. */
  options: PostsOptions;
}

export async function startPosts(options: PostsOptions = {}): Promise<PostsTestService> {
  const svc = await startTestService(createPostsService(options));
  return Object.assign(svc, { tables: postsSchema(svc.ctx.schema), options });
}

/** The service a test file works with, and request helpers for it; set before the file's first test. */
export interface PostsFile {
  svc: PostsTestService;
  api: ReturnType<typeof client>;
}

/** Starts the service before the calling file's tests and stops it after them (one per file, not per test). */
export function postsServiceForFile(options: PostsOptions = {}): PostsFile {
  const file = {} as PostsFile;
  beforeAll(async () => {
    file.svc = await startPosts(options);
    file.api = client(file.svc);
  });
  afterAll(async () => {
    await file.svc?.close();
    if (file.svc) await dropSearchIndex(file.svc);
  });
  return file;
}

export { memberIds, outboxEvents, type OutboxEvent } from '@kora/testing';

/** A media URL as the media service hands out (32 hex characters). */
export function mediaUrl(kind: 'images' | 'videos'): string {
  const hex = [...Array(32)].map(() => randomInt(16).toString(16)).join('');
  return `/uploads/${kind}/${hex}.${kind === 'images' ? 'webp' : 'mp4'}`;
}

/** Publishes an event as its owning service would; answers its id. */
export async function publish<T extends EventType>(
  svc: TestService,
  type: T,
  payload: EventPayload<T>,
  key: string | number,
  actorId: number | null = null,
): Promise<string> {
  return (await publishEvent(svc, type, payload, key, actorId)).id;
}

export const snapshot = memberSnapshot;

/** Announces a member the way auth does, and waits until the posts service knows their name. */
export async function registerMember(svc: PostsTestService, userId: number, username = `user${userId}`): Promise<void> {
  await publish(
    svc,
    'user.registered',
    { ...snapshot(userId, username), email: `${userId}@example.ng`, createdAt: new Date().toISOString() },
    userId,
    userId,
  );
  await eventually(
    async () => (await svc.ctx.db.select().from(svc.tables.members).where(eq(svc.tables.members.userId, userId))).length === 1,
  );
}

async function friendRows(svc: PostsTestService, a: number, b: number): Promise<number> {
  const f = svc.tables.friendships;
  const rows = await svc.ctx.db
    .select()
    .from(f)
    .where(and(eq(f.userId, a), eq(f.friendId, b)));
  const back = await svc.ctx.db
    .select()
    .from(f)
    .where(and(eq(f.userId, b), eq(f.friendId, a)));
  return rows.length + back.length;
}

/** `a`'s friend request to `b` is accepted (as the friends service announces it). */
export async function befriend(svc: PostsTestService, a: number, b: number): Promise<void> {
  await publish(svc, 'friend-request.accepted', { fromUserId: a, toUserId: b, requestId: randomInt(1, 2 ** 31) }, friendPairKey(a, b), b);
  await eventually(async () => (await friendRows(svc, a, b)) === 2);
}

export async function unfriend(svc: PostsTestService, a: number, b: number): Promise<void> {
  await publish(svc, 'friendship.removed', { fromUserId: a, toUserId: b }, friendPairKey(a, b), a);
  await eventually(async () => (await friendRows(svc, a, b)) === 0);
}

/**
 * `userId` saved their privacy settings (as the settings service announces it, the complete
 * values); waits until the projection holds them.
 */
export async function setPrivacy(svc: PostsTestService, userId: number, changes: Partial<PrivacySettings>): Promise<void> {
  const values = { ...defaultPrivacySettings, ...changes };
  await publish(svc, 'settings.privacy-changed', { userId, ...values }, userId, userId);
  const p = svc.tables.privacy;
  await eventually(async () => {
    const [row] = await svc.ctx.db.select().from(p).where(eq(p.userId, userId));
    return row?.profileVisibility === values.profileVisibility && row.tagReview === values.tagReview;
  });
}

/** A group as the groups service announces it (created, then its owner joined); waits until the projection holds both. */
export async function createGroup(
  svc: PostsTestService,
  groupId: number,
  ownerId: number,
  privacy: GroupPrivacy,
  title = `group ${groupId}`,
): Promise<void> {
  const state = { groupId, ownerId, title, description: '', picture: null, privacy, createdAt: new Date().toISOString() };
  await publish(svc, 'group.created', state, groupId, ownerId);
  await publish(svc, 'group.member-joined', { groupId, userId: ownerId, role: 'owner' }, groupId, ownerId);
  await eventually(async () => (await groupRole(svc, groupId, ownerId)) === 'owner');
}

/** The member's role in the projection, or null when they are not an approved member. */
export async function groupRole(svc: PostsTestService, groupId: number, userId: number): Promise<GroupRole | null> {
  const m = svc.tables.groupMembers;
  const [row] = await svc.ctx.db
    .select({ role: m.role })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
  return row?.role ?? null;
}

/** `userId` became a member of the group with `role` (joined a public group, was approved, or promoted). */
export async function joinGroup(svc: PostsTestService, groupId: number, userId: number, role: GroupRole = 'member'): Promise<void> {
  const type = (await groupRole(svc, groupId, userId)) === null ? 'group.member-joined' : 'group.role-changed';
  await publish(svc, type, { groupId, userId, role }, groupId, userId);
  await eventually(async () => (await groupRole(svc, groupId, userId)) === role);
}

/** `userId` left the group, or was removed by `removedBy`. */
export async function leaveGroup(svc: PostsTestService, groupId: number, userId: number, removedBy: number | null = null): Promise<void> {
  await publish(svc, 'group.member-left', { groupId, userId, removedBy }, groupId, removedBy ?? userId);
  await eventually(async () => (await groupRole(svc, groupId, userId)) === null);
}

/** The owner deleted the group; waits until the projection no longer knows it. */
export async function deleteGroup(svc: PostsTestService, groupId: number, ownerId: number): Promise<void> {
  await publish(svc, 'group.deleted', { groupId, ownerId }, groupId, ownerId);
  const g = svc.tables.groups;
  await eventually(async () => (await svc.ctx.db.select().from(g).where(eq(g.groupId, groupId))).length === 0);
}

/** How long a search in a test waits for the indexer; a test that writes many posts sets its own limit above it. */
export const INDEX_PATIENCE_MS = 120_000;

/**
 * With the OpenSearch engine (decision 048) the index follows the posts' events a moment later: a
 * posts search in a test first waits until the indexer has handled every event the service wrote,
 * then makes the index's writes searchable, so it finds what a member searching a moment later would.
 */
export async function searchIndexCaughtUp(svc: TestService & { options?: PostsOptions }): Promise<void> {
  const config = loadPostsConfig(svc.options?.env ?? process.env);
  if (config.SEARCH_BACKEND !== 'opensearch') return;
  const { outbox, processedEvents } = svc.ctx.tables;
  const types = Object.keys(postIndexer({ client: null as never, name: '' }, postsSchema(svc.ctx.schema)).handlers);
  const left = async () =>
    rowsOf<{ n: number }>(
      await svc.ctx.db.execute(sql`
        select count(*)::int as n from ${outbox} as o
        where o.envelope->>'type' = any(${`{${types.join(',')}}`}::text[]) and not exists (
          select 1 from ${processedEvents} as pe
          where pe.event_id = (o.envelope->>'id')::uuid and pe.consumer like 'posts.search-index%')`),
    )[0]!.n;
  // A file that wrote a hundred posts waits for a hundred index writes, one event at a time.
  const unindexed = await readUntil(left, (n) => n === 0, INDEX_PATIENCE_MS);
  if (unindexed > 0) throw new Error(`${unindexed} post events still unindexed after ${INDEX_PATIENCE_MS} ms`);
  const index = postIndexName(config.OPENSEARCH_INDEX_PREFIX, svc.ctx.schema);
  const res = await fetch(`${config.OPENSEARCH_URL}/${index}/_refresh`, { method: 'POST' });
  if (!res.ok) throw new Error(`refresh ${index}: ${res.status} ${await res.text()}`);
}

/** Removes the file's OpenSearch index, if it had one: a long-lived OpenSearch keeps no test's index. */
async function dropSearchIndex(svc: PostsTestService): Promise<void> {
  const config = loadPostsConfig(svc.options.env ?? process.env);
  if (config.SEARCH_BACKEND !== 'opensearch') return;
  const index = postIndexName(config.OPENSEARCH_INDEX_PREFIX, svc.ctx.schema);
  // An OpenSearch that is away (a test of that) holds no index to remove.
  await fetch(`${config.OPENSEARCH_URL}/${index}`, { method: 'DELETE' }).catch(() => undefined);
}

/** Request helpers for one service, each as a given member (or anonymous with `null`). */
export function client(svc: TestService) {
  const api = memberClient(svc);
  return {
    ...api,
    async get(url: string, userId: number | null) {
      if (url.startsWith('/api/search?') && new URLSearchParams(url.slice(url.indexOf('?'))).get('type') === 'posts')
        await searchIndexCaughtUp(svc);
      return api.get(url, userId);
    },
    /** Publishes a text post as `userId` and answers it (fails the test on anything but 201). */
    async createPost(
      userId: number,
      content = `post by ${userId}`,
      media: { url: string; type?: 'image' | 'video' }[] = [],
    ): Promise<Post> {
      const res = await api.post('/api/posts', userId, { userId, content, media });
      if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
      return res.json<Post>();
    },
    /** Publishes a text post into group `groupId` as `userId` (fails the test on anything but 201). */
    async createGroupPost(userId: number, groupId: number, content = `group post by ${userId}`): Promise<Post> {
      const res = await api.post('/api/posts', userId, { userId, content, groupId });
      if (res.statusCode !== 201) throw new Error(`create group post failed: ${res.statusCode} ${res.body}`);
      return res.json<Post>();
    },
  };
}

/** A list answer (a bare array, the next page in X-Next-Cursor) as the page a client holds. */
export function postPage(res: { statusCode: number; body: string; headers: Record<string, unknown> }): PostPage {
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  const next = res.headers['x-next-cursor'];
  return { posts: JSON.parse(res.body) as Post[], nextCursor: typeof next === 'string' ? next : null };
}

/** Moves a post's creation time (memories and paging tests need old posts). */
export async function backdate(svc: PostsTestService, postId: number, at: Date): Promise<void> {
  await svc.ctx.db.update(svc.tables.posts).set({ createdAt: at }).where(eq(svc.tables.posts.id, postId));
}

/** The Posts handle the routes use, for calling internal modules (moderation) from tests. */
export function postsHandle(svc: PostsTestService, now?: () => Date): Posts {
  return createPosts(svc.ctx, now ? { ...svc.options, now } : svc.options);
}

/**
 * `userId`'s plan as wallet announces it (`membership.changed`): active until `activeUntil`,
 * `boostPosts` boosts from `startedAt`; waits until both projections (badge, quota) hold it.
 */
export async function grantPlan(
  svc: PostsTestService,
  userId: number,
  plan: { activeUntil: Date; startedAt?: Date; boostPosts?: number; occurredAt?: Date },
): Promise<void> {
  const payload = {
    userId,
    packageId: 'vip' as const,
    startedAt: (plan.startedAt ?? new Date(Date.now() - 60_000)).toISOString(),
    activeUntil: plan.activeUntil.toISOString(),
    boostPosts: plan.boostPosts ?? 30,
  };
  const envelope = {
    ...buildEnvelope({ type: 'membership.changed', aggregateId: userId, actorId: userId, payload }),
    ...(plan.occurredAt ? { occurredAt: plan.occurredAt.toISOString() } : {}),
  };
  await svc.adapters.bus.publish([{ topic: topicOf('membership.changed'), key: String(userId), value: JSON.stringify(envelope) }]);
  await eventually(() => processed(svc, envelope.id));
}
