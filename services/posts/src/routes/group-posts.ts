/**
 * A group's posts (decision 021), routed here by the gateway's `/api/groups/*\/posts`.
 * - GET /api/groups/:id/posts?cursor&limit : the group's posts, newest first -> [post], the feed's
 *   shape and paging (Link / X-Next-Cursor). Anyone may read a public group's; a private group's
 *   only its approved members (403). A group the projection does not know answers 404.
 * Posting into a group is POST /api/posts with `groupId` (routes/posts.ts).
 */
import { pageQuery, postListSchema } from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, sendJsonText, type ServiceApp, setNextPage } from '@kora/platform/service';
import { z } from 'zod';
import type { Posts } from '../context.js';
import { groupNotFound } from '../errors.js';
import { postListAnswer } from '../feed/answers.js';
import { decodeCursor } from '../feed/cursor.js';
import { groupPage } from '../feed/pages.js';
import { requireMayReadPostsOf } from '../posts/group-access.js';

const groupIdParams = z.object({ id: z.string().describe('Group id') });

export function groupPostRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/groups/:id/posts',
    {
      schema: {
        ...memberOnly,
        operationId: 'listGroupPosts',
        summary: "A group's posts, newest first (a private group's to its members only)",
        params: groupIdParams,
        querystring: pageQuery,
        response: { 200: postListSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      // Anything but a positive integer names no group: the same 404 as a group that is not there.
      const groupId = parsePathId(request.params.id, groupNotFound);
      await requireMayReadPostsOf(posts, userId, groupId);
      const { cursor, limit } = request.query;
      const page = await groupPage(posts, userId, groupId, { limit, after: cursor ? decodeCursor(cursor) : null });
      return sendJsonText(setNextPage(reply, page.nextCursor, limit), postListAnswer(page.posts));
    },
  );
}
