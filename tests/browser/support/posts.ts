/**
 * Posts made through the product's API (as the member, with their own token) for browser tests that
 * need more than the composer can make quickly, e.g. several pages of a feed.
 */
import { BASE_URL } from './browser';
import { apiSignIn, type Member } from './members';

/** Creates one text post per content, in order (the last is the newest); answers their ids. */
export async function createPostsThroughApi(member: Member, contents: string[]): Promise<number[]> {
  const { token } = await apiSignIn(member);
  const ids: number[] = [];
  for (const content of contents) {
    const response = await fetch(`${BASE_URL}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ userId: member.userId, content, media: [] }),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`creating a post answered ${response.status}: ${text}`);
    ids.push((JSON.parse(text) as { id: number }).id);
  }
  return ids;
}
