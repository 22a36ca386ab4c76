/**
 * Reviewing mentions (decision 020, "Mentions and tag review").
 * - GET /api/posts/mentions/pending -> [pending mention]: the caller's mentions waiting for review
 * - POST /api/posts/mentions/:mentionId/approve -> { mentionId, status: 'approved' }
 * - POST /api/posts/mentions/:mentionId/decline -> { mentionId, status: 'declined' }
 * Only the member mentioned reviews (another member 403, an unknown mention 404); the same answer
 * again is 200, the other answer after a review 409. Each change emits post.mention-reviewed.
 */
import { mentionReviewAnswer, pendingMentionList } from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Posts } from '../context.js';
import { mentionNotFound } from '../errors.js';
import { pendingMentions, reviewMention } from '../posts/mention-review.js';

const mentionParams = z.object({ mentionId: z.string().describe('Mention id (from the post.mentioned notification or the pending list)') });

export function mentionRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/posts/mentions/pending',
    {
      schema: {
        ...memberOnly,
        operationId: 'listPendingMentions',
        summary: 'Mentions of you waiting for your review (tag review on), newest first',
        response: { 200: pendingMentionList, 401: errors[401] },
      },
    },
    async (request) => pendingMentions(posts, memberOf(request).userId),
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/api/posts/mentions/:mentionId/${action}`,
      {
        schema: {
          ...memberOnly,
          operationId: `${action}Mention`,
          summary:
            action === 'approve'
              ? 'Approve a mention of you: your name is linked and the post shows on your profile'
              : 'Decline a mention of you: your name stays plain text',
          params: mentionParams,
          response: { 200: mentionReviewAnswer, 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
        },
      },
      async (request) => {
        const { userId } = memberOf(request);
        return reviewMention(posts, userId, parsePathId(request.params.mentionId, mentionNotFound), status);
      },
    );
  }
}
