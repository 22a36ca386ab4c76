/**
 * Helpers for the stories' tests: a stand-in for media's internal upload API (it stores nothing,
 * records every call, and can be told to fail), multipart forms as a browser sends them, and story
 * requests as a member. The shared service helpers are in ../test-support.ts.
 */
import { errorBodySchema, INTERNAL_UPLOAD_FIELD, type CreatedStory, type StoryGroup, type UploadedFile } from '@kora/contracts';
import { memberClient, multipart, type FormPart } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StoriesReelsTestService, VideoFacts } from '../test-support.js';

export interface UploadCall {
  purpose: string | null;
  uploaderId: string | null;
  caller: string | undefined;
  field: string | null;
  filename: string | null;
  bytes: number;
}

export interface MediaStub {
  url: string;
  uploads: UploadCall[];
  /** Every `urls` list media was asked to remove, in order. */
  removals: string[][];
  /** While set, `POST /internal/uploads/remove` answers 500 (media failing). */
  failRemovals: boolean;
  /** While set, every connection is dropped unanswered (media down). */
  down: boolean;
  /** While set, every upload is answered this refusal (after it was read and recorded). */
  refuseUploads: { status: number; message: string; code: string } | null;
  close(): Promise<void>;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG signature plus filler: what the stub takes for a photo. */
export function fakePng(size = 2048): Buffer {
  return Buffer.concat([PNG, randomBytes(Math.max(0, size - PNG.length))]);
}

/** An MP4's `ftyp` box plus filler: what the stub takes for a video. */
export function fakeMp4(size = 4096): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

const refusal = (status: number, message: string, code: string) => ({
  status,
  body: errorBodySchema.parse({ error: message, message, code }),
});

/**
 * media's `/internal/uploads` and `/internal/uploads/remove` as the contract describes them: a PNG
 * is stored as an image, an MP4 as a video (with a fresh video id), anything else is refused 415.
 */
export async function startMediaStub(): Promise<MediaStub> {
  let nextVideoId = 2_000_000_000 + randomInt(0, 2 ** 40);
  const stub: MediaStub = {
    url: '',
    uploads: [],
    removals: [],
    failRemovals: false,
    down: false,
    refuseUploads: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function answer(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://stub');
    if (req.method === 'POST' && url.pathname === '/internal/uploads/remove') {
      if (stub.failRemovals) return refusal(500, 'Internal error', 'INTERNAL');
      const { urls } = JSON.parse(body.toString('utf8')) as { urls: string[] };
      stub.removals.push(urls);
      return { status: 200, body: { removed: urls.length } };
    }
    if (req.method !== 'POST' || url.pathname !== '/internal/uploads') return refusal(404, 'Route not found', 'NOT_FOUND');
    const form = await new Request(url, { method: 'POST', headers: req.headers as Record<string, string>, body }).formData();
    const [field, value] = [...form.entries()][0] ?? [null, null];
    const file = value instanceof Blob ? Buffer.from(await value.arrayBuffer()) : Buffer.alloc(0);
    stub.uploads.push({
      purpose: url.searchParams.get('purpose'),
      uploaderId: url.searchParams.get('uploaderId'),
      caller: req.headers['x-kora-service'] as string | undefined,
      field,
      filename: value instanceof File ? value.name : null,
      bytes: file.length,
    });
    if (stub.refuseUploads) return refusal(stub.refuseUploads.status, stub.refuseUploads.message, stub.refuseUploads.code);
    if (field !== INTERNAL_UPLOAD_FIELD) return refusal(400, `Send one file in the field '${INTERNAL_UPLOAD_FIELD}'`, 'FILE_REQUIRED');
    const name = randomBytes(16).toString('hex');
    if (file.subarray(0, 8).equals(PNG)) {
      const stored: UploadedFile = { url: `/uploads/images/${name}.webp`, type: 'image', videoId: null, width: 1080, height: 1920 };
      return { status: 201, body: stored };
    }
    if (file.subarray(4, 8).toString('latin1') === 'ftyp') {
      const stored: UploadedFile = { url: `/uploads/videos/${name}.mp4`, type: 'video', videoId: nextVideoId++, width: null, height: null };
      return { status: 201, body: stored };
    }
    return refusal(415, 'Only photos and videos can be uploaded', 'UNSUPPORTED_MEDIA_TYPE');
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (stub.down) return void res.destroy();
    answer(req)
      .then(({ status, body }) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

/** The stub for one test file: started before the service (register this first) and closed after. */
export function useMediaStub(): { readonly media: MediaStub } {
  let stub: MediaStub | undefined;
  beforeAll(async () => {
    stub = await startMediaStub();
  });
  afterAll(async () => {
    await stub?.close();
  });
  return {
    get media() {
      if (!stub) throw new Error('the media stub is not started yet (use it inside a test)');
      return stub;
    },
  };
}

/** Story requests as a member (or anonymously with `null`); the `*Ok` ones fail the test on a refusal. */
export function storiesClient(svc: StoriesReelsTestService) {
  const api = memberClient(svc);
  const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const upload = (userId: number | null, parts: FormPart[]) => {
    const form = multipart(parts);
    return svc.app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { ...(userId === null ? {} : svc.as({ userId })), ...form.headers },
      payload: form.payload,
    });
  };
  return {
    ...api,
    ok,
    upload,
    async postImage(userId: number): Promise<CreatedStory> {
      return ok(await upload(userId, [{ name: 'media', filename: 'sunset.png', contentType: 'image/png', data: fakePng() }]), 201);
    },
    async postVideo(userId: number): Promise<CreatedStory> {
      return ok(await upload(userId, [{ name: 'media', filename: 'clip.mp4', contentType: 'video/mp4', data: fakeMp4() }]), 201);
    },
    async strip(userId: number): Promise<StoryGroup[]> {
      return ok(await api.get('/api/stories', userId));
    },
    async view(userId: number, storyId: number): Promise<void> {
      ok(await api.post(`/api/stories/${storyId}/view`, userId));
    },
  };
}

export type StoriesClient = ReturnType<typeof storiesClient>;

/** The video facts of a video story (media's id, as the story row keeps it), for the video event helpers. */
export async function storyVideo(svc: StoriesReelsTestService, story: CreatedStory, uploaderId: number): Promise<VideoFacts> {
  const [row] = await svc.ctx.db.select().from(svc.tables.stories).where(eq(svc.tables.stories.id, story.id));
  if (!row?.videoId) throw new Error(`story ${story.id} is not a video story`);
  return { videoId: row.videoId, url: row.url, uploaderId, purpose: 'story' };
}
