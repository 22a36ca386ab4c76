import { mediaTexts } from '@kora/contracts';
import { memberIdentity, startTestService, testTarget, type TestService } from '@kora/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../app.js';
import { createLocalDiskStorage } from '../storage/local-disk.js';
import { mp4Header, multipartBody } from '../test-support.js';

describe(`media: GET /api/media/videos/:id (${testTarget()})`, () => {
  let svc: TestService;
  let dir: string;
  let videoId: number;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-media-status-'));
    // No worker here: the video stays `processing`, which is the state this file looks at.
    svc = await startTestService(createMediaService({ storage: createLocalDiskStorage(dir), env: { MEDIA_VIDEO_WORKERS: 'false' } }));
    const body = multipartBody([{ field: 'files', filename: 'clip.mp4', contentType: 'video/mp4', data: mp4Header() }]);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...svc.as(memberIdentity(31)), ...body.headers },
      payload: body.payload,
    });
    ({ videoId, url } = res.json().files[0]);
  });
  afterAll(async () => {
    await svc?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (id: string | number, headers: Record<string, string> = svc.as(memberIdentity(77))) =>
    svc.app.inject({ method: 'GET', url: `/api/media/videos/${id}`, headers });

  it('tells any member where a video is, with nothing about the result until it is ready', async () => {
    const res = await get(videoId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: videoId,
      url,
      status: 'processing',
      progress: 0,
      posterUrl: null,
      durationSeconds: null,
      width: null,
      height: null,
      error: null,
    });
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '1e3', '99999999999999999999'])('answers 404 for %s', async (id) => {
    const res = await get(id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: mediaTexts.videoNotFound, message: mediaTexts.videoNotFound, code: 'NOT_FOUND' });
  });

  it('refuses anonymous callers', async () => {
    const res = await get(videoId, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
