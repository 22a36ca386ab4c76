/**
 * Memories (On This Day).
 * - GET /api/memories?date=YYYY-MM-DD -> [post]: your posts from the same month and day in earlier
 *   years, newest first, and the day in X-Memories-Date. `date` defaults to today in KORA_TIME_ZONE
 *   (default Africa/Lagos). Not paged: one day's posts over the years are few.
 */
import { MEMORIES_DATE_HEADER, postListSchema } from '@kora/contracts';
import { dayIn, errors, formatDay, memberOf, memberOnly, parseDay, sendJsonText, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Posts } from '../context.js';
import { DATE_INVALID_TEXT, dateInvalid } from '../errors.js';
import { postListAnswer } from '../feed/answers.js';
import { memoryPosts } from '../feed/pages.js';

const memoriesQuery = z.object({
  date: z.string().max(10, DATE_INVALID_TEXT).optional().describe('The day to remember, YYYY-MM-DD (default: today)'),
});

export function memoryRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/memories',
    {
      schema: {
        ...memberOnly,
        operationId: 'listMemories',
        summary: 'Your posts from this day in earlier years',
        querystring: memoriesQuery,
        response: {
          200: postListSchema.meta({
            description: 'Your posts from this day in earlier years',
            headers: { 'X-Memories-Date': { type: 'string', description: 'The day remembered, YYYY-MM-DD', example: '2026-11-26' } },
          }),
          400: errors[400],
          401: errors[401],
        },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const given = request.query.date;
      const day = given === undefined ? dayIn(posts.config.KORA_TIME_ZONE, posts.now()) : parseDay(given);
      if (!day) throw dateInvalid();
      const memories = await memoryPosts(posts, userId, day, posts.config.KORA_TIME_ZONE);
      return sendJsonText(reply.header(MEMORIES_DATE_HEADER, formatDay(day)), postListAnswer(memories));
    },
  );
}
