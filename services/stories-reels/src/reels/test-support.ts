/**
 * Helpers for the reels' tests: a stand-in for media's `GET /internal/videos?url=` (videos the test
 * says media has), a reel made through the routes from such a video, and the reel's counts beside
 * its rows. The video's life after that is told with the shared `videoProcessed` / `videoFailed`.
 */
import type { InternalVideo, Reel } from '@kora/contracts';
import { memberClient, outboxEvents, type OutboxEvent, type TestService } from '@kora/testing';
import { eq, sql } from 'drizzle-orm';
import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { useStoriesReelsService, videoProcessed, type StoriesReelsTestService, type VideoFacts } from '../test-support.js';

export interface MediaStub {
  url: string;
  /** Media now knows this video (as uploaded with `purpose`, by `uploaderId`), in state `status`. */
  add(video: InternalVideo): void;
  /** How many lookups media answered (each `POST /api/reels` asks once). */
  lookups: number;
  /** Which service signed the last lookup (the `x-kora-service` header's claim). */
  lastCaller: string | undefined;
  close(): Promise<void>;
}

/** The service named in a service-call header (its signature is the platform's to check, not the stub's). */
function signedBy(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  try {
    return (JSON.parse(Buffer.from(header.split('.')[0] ?? '', 'base64url').toString('utf8')) as { service?: string }).service;
  } catch {
    return undefined;
  }
}

/** A stand-in for media's internal video lookup: 200 the video, 404 an unknown URL. */
export async function startMediaVideosStub(): Promise<MediaStub> {
  const videos = new Map<string, InternalVideo>();
  const stub: MediaStub = {
    url: '',
    add: (video) => void videos.set(video.url, video),
    lookups: 0,
    lastCaller: undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'GET' || url.pathname !== '/internal/videos') {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' }));
      return;
    }
    stub.lookups++;
    stub.lastCaller = signedBy(req.headers['x-kora-service']);
    const video = videos.get(url.searchParams.get('url') ?? '');
    res.statusCode = video ? 200 : 404;
    res.end(JSON.stringify(video ?? { error: 'Video not found', message: 'Video not found', code: 'VIDEO_NOT_FOUND' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

/** The stories-reels service for one test file, with the media stub it asks about videos. */
export function useReelsService() {
  let media: MediaStub | undefined;
  beforeAll(async () => {
    media = await startMediaVideosStub();
  });
  afterAll(async () => {
    await media?.close();
  });
  const service = useStoriesReelsService(() => ({ media: media!.url }));
  return {
    get svc() {
      return service.svc;
    },
    get api() {
      return service.api;
    },
    get media() {
      if (!media) throw new Error('the media stub is not started yet (use it inside a test)');
      return media;
    },
  };
}

export type ReelsApi = ReturnType<typeof memberClient>;

/** A video media knows, uploaded by `uploaderId` for a reel and processing (override any field). */
export function reelVideo(
  media: MediaStub,
  uploaderId: number,
  overrides: Partial<InternalVideo> = {},
): InternalVideo & { facts: VideoFacts } {
  const video: InternalVideo = {
    id: randomInt(1, 2 ** 31),
    url: `/uploads/videos/${randomBytes(16).toString('hex')}.mp4`,
    uploaderId,
    purpose: 'reel',
    sourceMime: 'video/mp4',
    sourceBytes: 4_200_000,
    status: 'processing',
    posterUrl: null,
    durationSeconds: null,
    width: null,
    height: null,
    error: null,
    ...overrides,
  };
  media.add(video);
  return { ...video, facts: { videoId: video.id, url: video.url, uploaderId: video.uploaderId, purpose: video.purpose } };
}

/** A reel by `authorId` whose video media has processed (a 12 s vertical clip): published. */
export async function publishedReel(svc: StoriesReelsTestService, media: MediaStub, authorId: number, caption?: string): Promise<Reel> {
  const video = reelVideo(media, authorId);
  const reel = await createReelOf(memberClient(svc), authorId, video, caption);
  await videoProcessed(svc, video.facts);
  return reel;
}

/** `POST /api/reels` for `video`, expecting 201. */
export async function createReelOf(api: ReelsApi, authorId: number, video: { url: string }, caption = 'Sunset over Lekki'): Promise<Reel> {
  const res = await api.post('/api/reels', authorId, { videoUrl: video.url, caption });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Reel>();
}

/** The reel's stored counts and its rows, to compare. */
export async function countsOf(svc: StoriesReelsTestService, reelId: number) {
  const t = svc.tables;
  const [reel] = await svc.ctx.db.select().from(t.reels).where(eq(t.reels.id, reelId));
  const count = async (table: typeof t.reelLikes | typeof t.reelShares | typeof t.reelComments) =>
    Number(
      (
        await svc.ctx.db
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .where(eq(table.reelId, reelId))
      )[0]?.n,
    );
  return {
    likes: [reel?.likeCount, await count(t.reelLikes)],
    shares: [reel?.shareCount, await count(t.reelShares)],
    comments: [reel?.commentCount, await count(t.reelComments)],
  };
}

/** The reel's events in the outbox, oldest first. */
export async function reelEvents(svc: TestService, reelId: number, type?: string): Promise<OutboxEvent[]> {
  return (await outboxEvents(svc, type)).filter((e) => e.aggregateId === String(reelId));
}
