/**
 * Boosting a post (decision 023):
 * - POST /api/posts/:id/boost (no body) -> { postId, boostedUntil, boostsLeft }
 * Refused: a post the caller cannot see or that is hidden 404, someone else's 403, a group post
 * 400, no active Pro plan 402, the plan's quota used 409, a boost still running 409.
 */
import { boostAnswer } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { boostPost } from '../posts/boost.js';
import { parsePostId, postIdParams } from '../posts/post-id.js';

export function boostRoutes(app: ServiceApp, posts: Posts): void {
  app.post(
    '/api/posts/:id/boost',
    {
      schema: {
        ...memberOnly,
        operationId: 'boostPost',
        summary: "Boost one of your timeline posts: sponsored in other members' feeds for 7 days",
        params: postIdParams,
        response: {
          200: boostAnswer,
          400: errors[400],
          401: errors[401],
          402: errors[402],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (request) => boostPost(posts, memberOf(request).userId, parsePostId(request.params.id)),
  );
}
