/**
 * Reacting to posts (the post card, the Share Post modal).
 * - POST /api/posts/:id/react { reaction: 'like' } : toggles the member's like -> { liked, likeCount }
 * - POST /api/posts/:id/comment { content } : -> 201 the comment
 * - POST /api/posts/:id/share (no body; the modal's share text is not sent) -> { shared, shareCount }
 * Each emits its event (post.liked / post.unliked, post.commented, post.shared on the first share).
 */
import { commentBody, likeAnswer, postCommentSchema, reactBody, shareAnswer } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { FastifyRequest } from 'fastify';
import type { Posts } from '../context.js';
import { postNotFound } from '../errors.js';
import type { VisiblePost } from '../feed/visibility.js';
import { visiblePost } from '../feed/visibility.js';
import { addComment, sharePost, toggleLike } from '../posts/interactions.js';
import { parsePostId, postIdParams } from '../posts/post-id.js';

export function interactionRoutes(app: ServiceApp, posts: Posts): void {
  /** The member and the post they act on; a post they may not see answers 404. */
  async function target(request: FastifyRequest, id: string): Promise<{ userId: number; post: VisiblePost }> {
    const { userId } = memberOf(request);
    const post = await visiblePost(posts, userId, parsePostId(id));
    if (!post) throw postNotFound();
    return { userId, post };
  }

  app.post(
    '/api/posts/:id/react',
    {
      schema: {
        ...memberOnly,
        operationId: 'reactToPost',
        summary: 'Like a post, or take your like back',
        params: postIdParams,
        body: reactBody,
        response: { 200: likeAnswer, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const { userId, post } = await target(request, request.params.id);
      return toggleLike(posts, post, userId);
    },
  );

  app.post(
    '/api/posts/:id/comment',
    {
      schema: {
        ...memberOnly,
        operationId: 'commentOnPost',
        summary: 'Comment on a post',
        params: postIdParams,
        body: commentBody,
        response: { 201: postCommentSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { userId, post } = await target(request, request.params.id);
      return reply.code(201).send(await addComment(posts, post, userId, request.body.content));
    },
  );

  app.post(
    '/api/posts/:id/share',
    {
      schema: {
        ...memberOnly,
        operationId: 'sharePost',
        summary: 'Share a post (once per member; sharing again answers the same count)',
        params: postIdParams,
        response: { 200: shareAnswer, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const { userId, post } = await target(request, request.params.id);
      return sharePost(posts, post, userId);
    },
  );
}
