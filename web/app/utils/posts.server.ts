/**
 * The posts API (posts service, through the gateway) as the web app uses it: lists, one post, and
 * the member's actions on a post. Every call goes through apiFetch with the contract's schemas, so
 * a changed answer shape fails loudly here instead of deep inside a component.
 */
import {
  boostAnswer,
  likeAnswer,
  MEMORIES_DATE_HEADER,
  NEXT_CURSOR_HEADER,
  postCommentSchema,
  postListSchema,
  postSchema,
  shareAnswer,
  type CreatePostBody,
  type Post,
  type PostComment,
  type PostPage,
} from '@kora/contracts';
import type { PostListRequest } from '~/schemas/post-list';
import { apiFetch, apiFetchWithHeaders, ApiError } from './api.server';

type Token = string | null;

/**
 * Where each list's pages come from (a group's posts are the posts service's too, decision 021; so
 * are search and hashtags, decision 025).
 */
function listPath(source: PostListRequest['source']): string {
  switch (source.kind) {
    case 'saved':
      return '/api/saves';
    case 'group':
      return `/api/groups/${source.groupId}/posts`;
    case 'search':
      return '/api/search';
    case 'hashtag':
      return `/api/hashtags/${encodeURIComponent(source.tag)}/posts`;
    default:
      return '/api/posts';
  }
}

/**
 * A page of the feed, one author's posts, the saved posts or a group's posts (newest first, keyset
 * cursor): the answer's array, and the next page's cursor from its `X-Next-Cursor` header (decision 015).
 */
export async function fetchPostList(request: Request, { source, cursor }: PostListRequest, token: Token): Promise<PostPage> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (source.kind === 'author') params.set('authorId', String(source.authorId));
  if (source.kind === 'search') {
    params.set('q', source.q);
    params.set('type', 'posts');
  }
  const path = listPath(source);
  const query = params.toString();
  const { data, headers } = await apiFetchWithHeaders(request, query ? `${path}?${query}` : path, { schema: postListSchema, token });
  return { posts: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function fetchPost(request: Request, id: number, token: Token): Promise<Post> {
  return apiFetch(request, `/api/posts/${id}`, { schema: postSchema, token });
}

/** The member's posts from this day in earlier years, and that day (YYYY-MM-DD, the site's time zone). */
export async function fetchMemories(request: Request, token: Token): Promise<{ posts: Post[]; date: string }> {
  const { data, headers } = await apiFetchWithHeaders(request, '/api/memories', { schema: postListSchema, token });
  const date = headers.get(MEMORIES_DATE_HEADER);
  if (!date) throw new ApiError(502, 'BAD_GATEWAY_RESPONSE', 'Something went wrong');
  return { posts: data, date };
}

export function createPost(request: Request, body: CreatePostBody, token: Token): Promise<Post> {
  return apiFetch(request, '/api/posts', { json: body, schema: postSchema, token });
}

export function toggleLike(request: Request, id: number, token: Token) {
  return apiFetch(request, `/api/posts/${id}/react`, { json: { reaction: 'like' }, schema: likeAnswer, token });
}

export function addComment(request: Request, id: number, content: string, token: Token): Promise<PostComment> {
  return apiFetch(request, `/api/posts/${id}/comment`, { json: { content }, schema: postCommentSchema, token });
}

/** The product's share sends no body: the text typed in the Share Post modal stays in the browser. */
export function sharePost(request: Request, id: number, token: Token) {
  return apiFetch(request, `/api/posts/${id}/share`, { method: 'POST', schema: shareAnswer, token });
}

export async function savePost(request: Request, id: number, token: Token): Promise<void> {
  await apiFetch(request, '/api/saves', { json: { postId: id }, token });
}

export async function unsavePost(request: Request, id: number, token: Token): Promise<void> {
  await apiFetch(request, `/api/saves/${id}`, { method: 'DELETE', token });
}

export async function deletePost(request: Request, id: number, token: Token): Promise<void> {
  await apiFetch(request, `/api/posts/${id}`, { method: 'DELETE', token });
}

/** A Pro member's boost of their own post (posts service, decision 023): sponsored until, boosts left. */
export function boostPost(request: Request, id: number, token: Token) {
  return apiFetch(request, `/api/posts/${id}/boost`, { method: 'POST', schema: boostAnswer, token });
}
