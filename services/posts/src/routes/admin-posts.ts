/**
 * Posts moderation in the back office (docs/product/admin.md; decision 024). Admins only.
 * - GET /api/admin/posts?status&search&page&limit : every post whatever its state -> the numbered page
 * - PUT /api/admin/posts/:id/visibility { action } : remove | restore | shadow | unshadow -> the row;
 *   takes effect on every read path at once (they test the flags in their own SQL), audited
 */
import { adminPostListSchema, adminPostSchema, adminPostsQuery, postVisibilityBody } from '@kora/contracts';
import { adminOf, adminOnly, errors, type ServiceApp } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { postNotFound } from '../errors.js';
import { adminPostList, adminPostRow } from '../admin/post-list.js';
import { changePostVisibility } from '../admin/post-visibility.js';
import { parsePostId, postIdParams } from '../posts/post-id.js';

export function adminPostRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/admin/posts',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminListPosts',
        summary: 'Every post with its moderation state, filtered, searched (content, author) and paged by number',
        querystring: adminPostsQuery,
        response: { 200: adminPostListSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => adminPostList(posts, request.query),
  );

  app.put(
    '/api/admin/posts/:id/visibility',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminSetPostVisibility',
        summary: 'Remove, restore, shadow-hide or unshadow a post; answers the row',
        params: postIdParams,
        body: postVisibilityBody,
        response: { 200: adminPostSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const postId = parsePostId(request.params.id);
      if (!(await changePostVisibility(posts, admin.userId, postId, request.body.action))) throw postNotFound();
      return (await adminPostRow(posts, postId))!;
    },
  );
}
