/**
 * The posts API (posts service, through the gateway) as the web app uses it: lists, one post, and
 * the member's actions on a post. Every call goes through apiFetch with the contract's schemas, so
 * a changed answer shape fails loudly here instead of deep inside a component.
 */
import {
  likeAnswer,
  memoriesAnswer,
  postCommentSchema,
  postPageSchema,
  postSchema,
  shareAnswer,
  type CreatePostBody,
  type Post,
  type PostComment,
  type PostPage,
} from '@kora/contracts';
import type { PostListRequest } from '~/schemas/post-list';
import { apiFetch } from './api.server';

type Token = string | null;

/** A page of the feed, one author's posts or the saved posts (newest first, keyset cursor). */
export function fetchPostList(request: Request, { source, cursor }: PostListRequest, token: Token): Promise<PostPage> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (source.kind === 'author') params.set('authorId', String(source.authorId));
  const path = source.kind === 'saved' ? '/api/saves' : '/api/posts';
  const query = params.toString();
  return apiFetch(request, query ? `${path}?${query}` : path, { schema: postPageSchema, token });
}

export function fetchPost(request: Request, id: number, token: Token): Promise<Post> {
  return apiFetch(request, `/api/posts/${id}`, { schema: postSchema, token });
}

/** The member's posts from this day in earlier years. */
export function fetchMemories(request: Request, token: Token) {
  return apiFetch(request, '/api/memories', { schema: memoriesAnswer, token });
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

/** The spec's share sends no body: the text typed in the Share Post modal stays in the browser. */
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
