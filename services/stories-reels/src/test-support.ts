/**
 * Helpers for the stories-reels service's tests: start it on the test adapters (with a clock the
 * test moves, and where media's internal API is), call its routes as a member, and describe the
 * world it learns from events: members (auth), friendships (friends), privacy (settings) and videos
 * (media). Works the same on the embedded engines and on real PostgreSQL/Kafka (each run has its
 * own schema; the broker is shared, so ids are fresh). Stories and reels add their own helpers in
 * their folders.
 */
import { defaultPrivacySettings, friendPairKey, type MediaPurpose, type ProfileVisibility } from '@kora/contracts';
import {
  announceMember,
  eventually,
  memberClient,
  publishEvent,
  serviceForFile,
  startTestService,
  testClock,
  type TestClock,
  type TestService,
} from '@kora/testing';
import { and, eq } from 'drizzle-orm';
import { createStoriesReelsService } from './app.js';
import { storiesReelsSchema, type StoriesReelsTables } from './db/schema.js';

export { memberIds, testClock, type TestClock } from '@kora/testing';

export interface StoriesReelsTestService extends TestService {
  tables: StoriesReelsTables;
  clock: TestClock;
}

export interface StartOptions {
  /** Base URL of media's internal API (a stub server in service tests). */
  media?: string;
  clock?: TestClock;
  purgeEveryMs?: number;
}

export async function startStoriesReels(options: StartOptions = {}): Promise<StoriesReelsTestService> {
  const clock = options.clock ?? testClock();
  const definition = createStoriesReelsService({ now: clock.now, ...(options.purgeEveryMs ? { purgeEveryMs: options.purgeEveryMs } : {}) });
  const svc = await startTestService(definition, { resolveService: (name) => (name === 'media' ? options.media : undefined) });
  return Object.assign(svc, { tables: storiesReelsSchema(svc.ctx.schema), clock });
}

/** The service for one test file: started before its tests and closed after them. */
export function useStoriesReelsService(options: () => StartOptions = () => ({})) {
  return serviceForFile('stories-reels', () => startStoriesReels(options()), memberClient);
}

/** Announces a member as auth does and waits until the service's snapshot has them. */
export async function registerMember(svc: StoriesReelsTestService, userId: number, username = `member${userId}`): Promise<void> {
  await announceMember(svc, svc.tables.members, userId, username);
}

/** Makes two members friends as the friends service announces it, and waits until it is projected. */
export async function befriend(svc: StoriesReelsTestService, a: number, b: number): Promise<void> {
  await publishEvent(svc, 'friend-request.accepted', { requestId: a, fromUserId: a, toUserId: b }, friendPairKey(a, b), b);
  const f = svc.tables.friendships;
  await eventually(
    async () =>
      (
        await svc.ctx.db
          .select()
          .from(f)
          .where(and(eq(f.userId, a), eq(f.friendId, b)))
      ).length > 0,
  );
}

/** Sets a member's profile visibility as the settings service announces it, and waits for it. */
export async function setProfileVisibility(
  svc: StoriesReelsTestService,
  userId: number,
  profileVisibility: ProfileVisibility,
): Promise<void> {
  await publishEvent(svc, 'settings.privacy-changed', { ...defaultPrivacySettings, profileVisibility, userId }, userId, userId);
  const p = svc.tables.privacy;
  await eventually(async () => (await svc.ctx.db.select().from(p).where(eq(p.userId, userId)))[0]?.profileVisibility === profileVisibility);
}

export interface VideoFacts {
  videoId: number;
  url: string;
  uploaderId: number;
  purpose: MediaPurpose;
}

/** media's `video.processed` for `video` (a 1080x1920 clip of `durationSeconds`), waited for. */
export async function videoProcessed(svc: StoriesReelsTestService, video: VideoFacts, durationSeconds = 12): Promise<void> {
  const posterUrl = video.url.replace(/\.mp4$/, '-poster.jpg');
  await publishEvent(
    svc,
    'video.processed',
    { ...video, posterUrl, durationSeconds, width: 1080, height: 1920, bytes: 1_000_000 },
    video.videoId,
    video.uploaderId,
  );
  await eventually(async () => (await videoRow(svc, video.videoId))?.status === 'ready');
}

/** media's `video.failed` for `video` with `reason`, waited for. */
export async function videoFailed(svc: StoriesReelsTestService, video: VideoFacts, reason: string): Promise<void> {
  await publishEvent(svc, 'video.failed', { ...video, reason }, video.videoId, video.uploaderId);
  await eventually(async () => (await videoRow(svc, video.videoId))?.status === 'failed');
}

export async function videoRow(svc: StoriesReelsTestService, videoId: number) {
  const [row] = await svc.ctx.db.select().from(svc.tables.videos).where(eq(svc.tables.videos.videoId, videoId));
  return row;
}

export { expectError } from '@kora/testing';
