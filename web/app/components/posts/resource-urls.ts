/**
 * Where the browser reaches the posts resource routes. `?index` is needed because
 * routes/resources.posts._index.tsx is an index route: without it Remix would send the request to
 * the parent (root) route.
 */
import { postListSearch, type PostListRequest } from '~/schemas/post-list';

export const CREATE_POST_URL = '/resources/posts?index';
export const MEDIA_UPLOAD_URL = '/resources/media-upload';

export function postPageUrl(request: PostListRequest): string {
  return `/resources/posts?index&${postListSearch(request)}`;
}

export function postUrl(postId: number): string {
  return `/resources/posts/${postId}`;
}
