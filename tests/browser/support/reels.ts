/**
 * Reels for browser suites, made through the product's API: a short vertical clip uploaded with the
 * reel rules, then `POST /api/reels`; and a wait until media has processed it.
 */
import { makeVideo } from '@kora/testing';
import { readUntil } from '@kora/testing/adapters';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { filesForm } from '../../support/media-files';
import { BASE_URL } from './browser';
import { apiSignIn, type Member } from './members';

/** A short vertical (9:16) clip, as phones film reels. */
export async function verticalClip(seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kora-reel-'));
  try {
    return await makeVideo(dir, { duration: seconds, width: 360, height: 640, container: 'mp4', audio: false });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A reel made through the API (upload with the reel rules, then POST /api/reels); its id. */
export async function reelThroughApi(member: Member, caption: string): Promise<number> {
  const { token } = await apiSignIn(member);
  const upload = await fetch(`${BASE_URL}/api/media/upload?purpose=reel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: filesForm([{ data: await verticalClip(2), name: 'reel.mp4', type: 'video/mp4' }]),
  });
  const { urls } = (await upload.json()) as { urls: string[] };
  const made = await fetch(`${BASE_URL}/api/reels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ videoUrl: urls[0], caption }),
  });
  if (made.status !== 201) throw new Error(`making a reel answered ${made.status}: ${await made.text()}`);
  return ((await made.json()) as { id: number }).id;
}

/** Waits until the member's reel is ready (the author's feed shows it processing until then); works in a hook too. */
export async function untilReelReady(member: Member, id: number): Promise<void> {
  const { token } = await apiSignIn(member);
  const state = await readUntil(
    async () =>
      ((await (await fetch(`${BASE_URL}/api/reels/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { state?: string })
        .state,
    (value) => value === 'ready',
    120_000,
    1_000,
  );
  if (state !== 'ready') throw new Error(`reel ${id} is still ${state} after 2 minutes`);
}
