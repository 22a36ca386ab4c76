/**
 * The right panel's lists (the home page's right column; decision 025).
 * - GET /api/members/pro?limit= -> [member card]: members with an active Pro plan, latest plan
 *   first (suspended members left out)
 * - GET /api/shares/friends?limit= -> [{ sharedBy, sharedAt, post }]: the caller's friends' most
 *   recent shares of posts the caller may see, one entry per post (its latest share)
 */
import { friendShareSchema, friendSharesQuery, memberCardSchema, postSchema, proMembersQuery } from '@kora/contracts';
import { errors, memberOf, memberOnly, sendJsonText, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Posts } from '../context.js';
import { friendSharesJson } from '../search/friend-shares.js';
import { proMembers } from '../search/people.js';

const friendSharesSchema = z.array(friendShareSchema).meta({
  example: [{ sharedBy: memberCardSchema.meta()?.example, sharedAt: '2026-11-26T19:30:00.000Z', post: postSchema.meta()?.example }],
});

export function panelListRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/members/pro',
    {
      schema: {
        ...memberOnly,
        operationId: 'listProMembers',
        summary: 'Members with an active Pro plan, latest plan first',
        querystring: proMembersQuery,
        response: { 200: z.array(memberCardSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => sendJsonText(reply, JSON.stringify(await proMembers(posts, request.query.limit))),
  );

  app.get(
    '/api/shares/friends',
    {
      schema: {
        ...memberOnly,
        operationId: 'listFriendShares',
        summary: "Your friends' most recent shares, of posts you may see",
        querystring: friendSharesQuery,
        response: { 200: friendSharesSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      return sendJsonText(reply, await friendSharesJson(posts, userId, request.query.limit));
    },
  );
}
