/**
 * Posts with real photos and videos for the light-media browser suite (decision 044), made through
 * the product's API as the member: the upload, the post, then a wait until the post answers the
 * photo's sizes (media's photo.stored reaches posts through the bus) or the video is ready.
 */
import type { Post, UploadAnswer } from '@kora/contracts';
import { readUntil } from '@kora/testing/adapters';
import { filesForm, makeVideo } from '../../support/media-files';
import { makePhoto } from '../../support/photos';
import { BASE_URL } from './browser';
import { apiSignIn, type Member } from './members';

async function upload(token: string, file: { data: Buffer; name: string; type: string }): Promise<UploadAnswer['files'][number]> {
  const res = await fetch(`${BASE_URL}/api/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: filesForm([file]),
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as UploadAnswer).files[0]!;
}

async function post(token: string, member: Member, content: string, url: string): Promise<Post> {
  const res = await fetch(`${BASE_URL}/api/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: member.userId, content, media: [{ url }] }),
  });
  if (res.status !== 201) throw new Error(`posting answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Post;
}

async function untilPost(token: string, id: number, done: (post: Post) => boolean): Promise<Post> {
  const read = async () =>
    (await (await fetch(`${BASE_URL}/api/posts/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Post;
  const seen = await readUntil(read, done, 120_000, 500);
  if (!done(seen)) throw new Error(`post ${id} never got there: ${JSON.stringify(seen)}`);
  return seen;
}

/** A post with one photo-like JPEG, once its answer carries the photo's sizes and placeholder. */
export async function photoPost(member: Member, content: string, size = { width: 1200, height: 900 }, seed = 1): Promise<Post> {
  const { token } = await apiSignIn(member);
  const file = await upload(token, { data: await makePhoto({ ...size, seed }), name: 'photo.jpg', type: 'image/jpeg' });
  const made = await post(token, member, content, file.url);
  return untilPost(token, made.id, (p) => (p.imageDetails ?? []).length === 1);
}

/** A post with a short clip, once its video is ready. */
export async function videoPost(member: Member, content: string): Promise<Post> {
  const { token } = await apiSignIn(member);
  const file = await upload(token, { data: await makeVideo(2), name: 'clip.mp4', type: 'video/mp4' });
  const made = await post(token, member, content, file.url);
  return untilPost(token, made.id, (p) => p.videoDetails[0]?.status === 'ready');
}
