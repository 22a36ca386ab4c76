/**
 * Helpers for the posts service's tests: start it on the test adapters, make member ids no other
 * run uses, feed it the events other services would send (auth's members, the friends service's
 * graph, media's videos) through the same bus its consumers read, and read what it wrote to its
 * outbox. Works the same on the embedded engines and on real PostgreSQL/Kafka.
 */
import { defaultPrivacySettings, friendPairKey, type EventPayload, type EventType, type Post, type PostPage, type PrivacySettings } from '@kora/contracts';
import { eventually, memberClient, memberSnapshot, publishEvent, startTestService, type TestService } from '@kora/testing';
import { and, eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createPostsService, type PostsOptions } from './app.js';
import { createPosts, type Posts } from './context.js';
import { postsSchema, type PostsTables } from './db/schema.js';

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
export async function publish<T extends EventType>(svc: TestService, type: T, payload: EventPayload<T>, key: string | number, actorId: number | null = null): Promise<string> {
  return (await publishEvent(svc, type, payload, key, actorId)).id;
}

export const snapshot = memberSnapshot;

/** Announces a member the way auth does, and waits until the posts service knows their name. */
export async function registerMember(svc: PostsTestService, userId: number, username = `user${userId}`): Promise<void> {
  await publish(svc, 'user.registered', { ...snapshot(userId, username), email: `${userId}@example.ng`, createdAt: new Date().toISOString() }, userId, userId);
  await eventually(async () => (await svc.ctx.db.select().from(svc.tables.members).where(eq(svc.tables.members.userId, userId))).length === 1);
}

async function friendRows(svc: PostsTestService, a: number, b: number): Promise<number> {
  const f = svc.tables.friendships;
  const rows = await svc.ctx.db.select().from(f).where(and(eq(f.userId, a), eq(f.friendId, b)));
  const back = await svc.ctx.db.select().from(f).where(and(eq(f.userId, b), eq(f.friendId, a)));
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

/** Request helpers for one service, each as a given member (or anonymous with `null`). */
export function client(svc: TestService) {
  const api = memberClient(svc);
  return {
    ...api,
    /** Publishes a text post as `userId` and answers it (fails the test on anything but 201). */
    async createPost(userId: number, content = `post by ${userId}`, media: { url: string; type?: 'image' | 'video' }[] = []): Promise<Post> {
      const res = await api.post('/api/posts', userId, { userId, content, media });
      if (res.statusCode !== 201) throw new Error(`create post failed: ${res.statusCode} ${res.body}`);
      return res.json() as Post;
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
