/**
 * The friend graph (docs/product/friends.md: Your Friends, People You May Know, the profile's friend button).
 * - GET /api/friends/list -> [{ id, user_name, profileImage }] by username
 * - DELETE /api/friends/:userId -> 200 { message: "Friend removed" }; emits friendship.removed
 * - GET /api/friends/suggestions?limit (default 20, 1..50) -> friends of friends by mutual count,
 *   then the newest other members
 * - GET /api/friends/relation/:userId -> { userId, status, requestId }
 */
import { friendSchema, friendTexts, messageAnswer, relationSchema, suggestionSchema } from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Friends } from '../context.js';
import { notFriends, userNotFound } from '../errors.js';
import { friendList } from '../graph/friend-list.js';
import { relationTo } from '../graph/relation.js';
import { SUGGESTIONS_DEFAULT, SUGGESTIONS_MAX, suggestionsFor } from '../graph/suggestions.js';
import { unfriend } from '../graph/unfriend.js';
import { userIdParams } from './schemas.js';

/** Not in the contract (the product's call has no parameters): the one text of our own. */
export const LIMIT_INVALID_TEXT = `The limit must be a whole number from 1 to ${SUGGESTIONS_MAX}`;

export const suggestionsQuery = z.object({
  limit: z.coerce
    .number({ error: LIMIT_INVALID_TEXT })
    .int(LIMIT_INVALID_TEXT)
    .min(1, LIMIT_INVALID_TEXT)
    .max(SUGGESTIONS_MAX, LIMIT_INVALID_TEXT)
    .default(SUGGESTIONS_DEFAULT),
});

export function friendRoutes(app: ServiceApp, friends: Friends): void {
  app.get(
    '/api/friends/list',
    {
      schema: {
        ...memberOnly,
        operationId: 'listFriends',
        summary: 'Your friends, by username',
        response: { 200: z.array(friendSchema), 401: errors[401] },
      },
    },
    async (request) => friendList(friends, memberOf(request).userId),
  );

  app.get(
    '/api/friends/suggestions',
    {
      schema: {
        ...memberOnly,
        operationId: 'listFriendSuggestions',
        summary: 'People you may know: friends of friends by mutual friends, then new members',
        querystring: suggestionsQuery,
        response: { 200: z.array(suggestionSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => suggestionsFor(friends, memberOf(request).userId, request.query.limit),
  );

  app.get(
    '/api/friends/relation/:userId',
    {
      schema: {
        ...memberOnly,
        operationId: 'getFriendRelation',
        summary: "Your relation to a member (the profile's friend button)",
        params: userIdParams,
        response: { 200: relationSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => relationTo(friends, memberOf(request).userId, parsePathId(request.params.userId, userNotFound)),
  );

  app.delete(
    '/api/friends/:userId',
    {
      schema: {
        ...memberOnly,
        operationId: 'removeFriend',
        summary: 'Remove a member from your friends',
        params: userIdParams,
        response: { 200: messageAnswer, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      await unfriend(friends, userId, parsePathId(request.params.userId, notFriends));
      return { message: friendTexts.unfriended };
    },
  );
}
