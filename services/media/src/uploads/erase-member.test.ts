/**
 * An erased member's files (`user.deleted`, decision 034): every upload of theirs and the profile
 * pictures the event names leave the storage, another member's stay, a replay removes nothing
 * more, and an upload of theirs after the erasure is refused with nothing stored.
 */
import { eventually, memberIdentity, processed, publishEvent } from '@kora/testing';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, multipartBody, startQueuedMedia, type QueuedMedia } from '../test-support.js';

describe(`media: erasing a member's files (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let media: QueuedMedia;
  beforeAll(async () => void (media = await startQueuedMedia('kora-media-erase-')));
  afterAll(() => media?.close());

  async function upload(userId: number): Promise<{ status: number; url?: string }> {
    const data = await makeImage({ format: 'png', width: 40, height: 40 });
    const body = multipartBody([{ field: 'files', filename: 'a.png', contentType: 'image/png', data }]);
    const res = await media.svc.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...media.svc.as(memberIdentity(userId)), ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, url: res.statusCode === 201 ? res.json<{ urls: string[] }>().urls[0] : undefined };
  }
  const onDisk = (url: string) => existsSync(path.join(media.dir, url.slice('/uploads/'.length)));
  const erase = async (userId: number, profileFiles: string[] = []) => {
    const { id } = await publishEvent(media.svc, 'user.deleted', { userId, profileFiles }, userId, userId);
    await eventually(() => processed(media.svc, id));
  };

  it("removes the member's uploads and profile pictures, keeps others', and refuses their later uploads", async () => {
    const [gone, stays] = [910_001, 910_002];
    const mine = [(await upload(gone)).url!, (await upload(gone)).url!];
    const theirs = (await upload(stays)).url!;
    await media.storage.put('profile/0123456789abcdef0123456789abcdef.webp', Buffer.from('avatar'), 'image/webp');
    const avatar = '/uploads/profile/0123456789abcdef0123456789abcdef.webp';
    for (const url of [...mine, theirs, avatar]) expect(onDisk(url)).toBe(true);

    await erase(gone, [avatar]);
    for (const url of [...mine, avatar]) expect(onDisk(url)).toBe(false);
    expect(onDisk(theirs)).toBe(true);
    await erase(gone, [avatar]);
    expect(onDisk(theirs)).toBe(true);

    const images = async () => (await readdir(path.join(media.dir, 'images'))).filter((f) => !f.startsWith('.')).length;
    const before = await images();
    const late = await upload(gone);
    expect(late.status).toBe(401);
    expect(await images()).toBe(before);
  });
});
