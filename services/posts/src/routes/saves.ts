/**
 * Saved posts (Save Post / Unsave Post, the Saved Posts page).
 * - POST /api/saves { postId } -> 201 { saved: true, postId } (saving twice is the same as once)
 * - DELETE /api/saves/:postId -> 200 { saved: false, postId }
 * - GET /api/saves?cursor&limit -> [post], most recently saved first; the next page in Link / X-Next-Cursor
 */
import { pageQuery, postListSchema, saveAnswer, saveBody } from '@kora/contracts';
import { errors, memberOf, memberOnly, sendJsonText, type ServiceApp, setNextPage } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { postNotFound } from '../errors.js';
import { postListAnswer } from '../feed/answers.js';
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
        operationId: 'listSavedPosts',
        summary: 'Your saved posts, most recently saved first',
        querystring: pageQuery,
        response: { 200: postListSchema, 400: errors[400], 401: errors[401] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { cursor, limit } = request.query;
      const page = await savedPage(posts, userId, { limit, after: cursor ? decodeCursor(cursor) : null });
      return sendJsonText(setNextPage(reply, page.nextCursor, limit), postListAnswer(page.posts));
    },
  );

  app.post(
    '/api/saves',
    {
      schema: {
        ...memberOnly,
        operationId: 'savePost',
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
        operationId: 'unsavePost',
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
