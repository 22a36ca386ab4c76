/** Posts made through the public API, as a signed-in member's client makes them. */
import type { Post } from '@kora/contracts';
import { expect } from 'vitest';
import { json, type SignedIn } from './members.js';
import { api, body } from './product.js';

/** Creates a post as `who` and checks the product answered 201. */
export async function createPost(who: SignedIn, content: string, media: { url: string; type?: string }[] = []): Promise<Post> {
  const res = await api('/api/posts', json({ userId: who.user.user_id, content, media }, who.token));
  expect(res.status, await res.clone().text()).toBe(201);
  return body<Post>(res);
}
