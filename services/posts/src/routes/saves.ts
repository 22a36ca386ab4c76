/**
 * Saved posts (spec: Save Post / Unsave Post, Saved Posts page).
 * - POST /api/saves { postId } -> 201 { saved: true, postId } (saving twice is the same as once)
 * - DELETE /api/saves/:postId -> 200 { saved: false, postId }
 * - GET /api/saves?cursor&limit -> { posts, nextCursor }, most recently saved first
 */
import { pageQuery, postPageSchema, saveAnswer, saveBody } from '@kora/contracts';
import { errors, memberOf, memberOnly, sendJsonText, type ServiceApp } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { postNotFound } from '../errors.js';
import { pageAnswer } from '../feed/answers.js';
import { decodeCursor } from '../feed/cursor.js';
import { savedPage } from '../feed/pages.js';
import { visiblePost } from '../feed/visibility.js';
import { parsePostId, savedPostParams } from '../posts/post-id.js';
import { savePost, unsavePost } from '../posts/saves.js';

export function saveRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/saves',
    {
      schema: {
        ...memberOnly,
        summary: 'Your saved posts, most recently saved first',
        querystring: pageQuery,
        response: { 200: postPageSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { cursor, limit } = request.query;
      const page = await savedPage(posts, userId, { limit, after: cursor ? decodeCursor(cursor) : null });
      return sendJsonText(reply, pageAnswer(page));
    },
  );

  app.post(
    '/api/saves',
    {
      schema: {
        ...memberOnly,
        summary: 'Save a post',
        body: saveBody,
        response: { 201: saveAnswer, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { postId } = request.body;
      if (!(await visiblePost(posts, userId, postId))) throw postNotFound();
      await savePost(posts, userId, postId);
      return reply.code(201).send({ saved: true, postId });
    },
  );

  app.delete(
    '/api/saves/:postId',
    {
      schema: {
        ...memberOnly,
        summary: 'Remove a post from your saved posts',
        params: savedPostParams,
        response: { 200: saveAnswer, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const postId = parsePostId(request.params.postId);
      await unsavePost(posts, userId, postId);
      return { saved: false, postId };
    },
  );
}
