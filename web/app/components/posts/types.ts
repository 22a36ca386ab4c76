/**
 * What the posts resource routes answer (routes/resources.posts.$id.tsx, resources.posts._index.tsx,
 * resources.media-upload.tsx), shared by those routes and the components that call them.
 */
import type { Post, PostComment, PostPage } from '@kora/contracts';
import type { PostIntent } from '~/schemas/post-rules';
import type { PostListSource } from '~/schemas/post-list';

export type { PostIntent, PostListSource };

export type PostActionSuccess =
  | { intent: 'like'; ok: true; liked: boolean; likeCount: number }
  | { intent: 'comment'; ok: true; comment: PostComment }
  | { intent: 'share'; ok: true; shared: boolean; shareCount: number }
  | { intent: 'save'; ok: true }
  | { intent: 'unsave'; ok: true }
  | { intent: 'delete'; ok: true }
  /** A Pro member's boost of their own post (decision 023): sponsored until, boosts left in the plan. */
  | { intent: 'boost'; ok: true; boostedUntil: string; boostsLeft: number };

/** `intent` is null when the request named no known action. */
export type PostActionFailure = { intent: PostIntent | null; ok: false; error: string };
export type PostActionData = PostActionSuccess | PostActionFailure;
export type SuccessOf<I extends PostIntent> = Extract<PostActionSuccess, { intent: I }>;

/** POST /resources/posts (create). */
export type CreatePostData = { ok: true; post: Post } | { ok: false; error: string };

/** GET /resources/posts/{id}: the whole post (all its comments, fresh video states). */
/** `gone`: the post does not exist (any more) or is not the member's to see: asking again is pointless. */
export type PostLoadData = { ok: true; post: Post } | { ok: false; error: string; gone: boolean };

/** GET /resources/posts?list=…: one more page of a list. */
export type PageLoadData = { ok: true; page: PostPage } | { ok: false; error: string };
