/**
 * A member's main flow, written the way an integrator would: against a client generated from the
 * product's own OpenAPI document (openapi-typescript types in ./generated, made by
 * typed-client.test.ts from the served /api/docs/openapi.json) and called through openapi-fetch.
 * The test type-checks this file against the generated types before running it, so an answer that
 * drifts from the document, or a route the document stops describing, fails there.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/schema.js';
import type { Credentials, FlowResult, MemberFlow } from './flow-result.js';

function must<T>(data: T | undefined, error: unknown, what: string): T {
  if (data === undefined) throw new Error(`${what} failed: ${JSON.stringify(error)}`);
  return data;
}

async function signIn(baseUrl: string, who: Credentials) {
  const anonymous = createClient<paths>({ baseUrl });
  const { data, error } = await anonymous.POST('/api/signin', { body: { email: who.email, password: who.password } });
  const signedIn = must(data, error, 'sign-in');
  // An account with two-step sign-in on answers a challenge instead of tokens (decision 033); these members have it off.
  if ('twoStep' in signedIn) throw new Error('sign-in asked for a two-step code');
  return { id: signedIn.user.user_id, api: createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${signedIn.token}` } }) };
}

/**
 * `author` signs in, posts twice, and reads their feed one post a page (the array, then the page
 * its Link header points to); `friend` likes and comments on the newer post; the author then reads
 * their notifications until both have arrived (they travel as events), and the unread count.
 */
export const memberFlow: MemberFlow = async (baseUrl, author, friend, timeoutMs = 20_000): Promise<FlowResult> => {
  const me = await signIn(baseUrl, author);
  const them = await signIn(baseUrl, friend);

  const older = await me.api.POST('/api/posts', { body: { userId: me.id, content: 'Typed client, first post', media: [] } });
  must(older.data, older.error, 'first post');
  const created = await me.api.POST('/api/posts', { body: { userId: me.id, content: 'Typed client, second post', media: [] } });
  const post = must(created.data, created.error, 'second post');

  const liked = await them.api.POST('/api/posts/{id}/react', { params: { path: { id: String(post.id) } }, body: { reaction: 'like' } });
  must(liked.data, liked.error, 'like');
  const commented = await them.api.POST('/api/posts/{id}/comment', {
    params: { path: { id: String(post.id) } },
    body: { content: 'Nice one' },
  });
  must(commented.data, commented.error, 'comment');

  const feed = await me.api.GET('/api/posts', { params: { query: { cursor: '0', limit: 1 } } });
  const feedPosts = must(feed.data, feed.error, 'feed');
  const feedLink = feed.response.headers.get('link');
  const feedNextCursor = feed.response.headers.get('x-next-cursor');
  const secondPage = await me.api.GET('/api/posts', { params: { query: { cursor: feedNextCursor ?? undefined, limit: 1 } } });
  const secondPosts = must(secondPage.data, secondPage.error, 'second feed page');

  const deadline = Date.now() + timeoutMs;
  let notificationTypes: string[] = [];
  while (Date.now() < deadline) {
    const listed = await me.api.GET('/api/notifications', { params: { query: { cursor: 0, limit: 20 } } });
    notificationTypes = must(listed.data, listed.error, 'notifications')
      .filter((n) => n.entityId === post.id)
      .map((n) => n.type)
      .sort();
    if (notificationTypes.length >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const count = await me.api.GET('/api/notifications/unread-count');

  return {
    memberId: me.id,
    postId: post.id,
    feedIds: feedPosts.map((p) => p.id),
    feedLink,
    feedNextCursor,
    secondPageIds: secondPosts.map((p) => p.id),
    notificationTypes,
    unread: must(count.data, count.error, 'unread count').count,
  };
};
