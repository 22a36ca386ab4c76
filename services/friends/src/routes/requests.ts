/**
 * Friend requests (docs/product/friends.md: the Friends page, the profile's Add Friend).
 * - POST /api/friends/requests { toUserId } -> 201 { message: "Request sent successfully", request };
 *   when they had already asked you, theirs is accepted -> 200 { message: "Request accepted successfully", request }
 * - GET /api/friends/requests -> the caller's incoming pending requests, newest first
 * - GET /api/friends/requests/sent -> the caller's outgoing pending requests, newest first
 * - PUT /api/friends/requests/:id { action } -> 200 { message } (recipient only)
 * - DELETE /api/friends/requests/:id -> 200 { message: "Request cancelled" } (sender only)
 * Events: friend-request.sent / .accepted / .declined / .cancelled, keyed by the pair.
 */
import { friendRequestSchema, friendTexts, messageAnswer, respondBody, sendRequestAnswer, sendRequestBody } from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Friends } from '../context.js';
import { requestNotFound } from '../errors.js';
import { answerRequest, cancelRequest } from '../requests/answer.js';
import { incomingRequests, outgoingRequests } from '../requests/lists.js';
import { sendRequest } from '../requests/send.js';
import { requestViews } from '../requests/view.js';
import { requestIdParams } from './schemas.js';

export function requestRoutes(app: ServiceApp, friends: Friends): void {
  app.post(
    '/api/friends/requests',
    {
      schema: {
        ...memberOnly,
        operationId: 'sendFriendRequest',
        summary: 'Send a friend request (accepts theirs instead when they already asked you)',
        body: sendRequestBody,
        response: {
          200: sendRequestAnswer,
          201: sendRequestAnswer,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { outcome, request: row } = await sendRequest(friends, userId, request.body.toUserId);
      const [view] = await requestViews(friends.ctx.db, friends.tables, [row]);
      const message = outcome === 'sent' ? friendTexts.requestSent : friendTexts.requestAccepted;
      return reply.code(outcome === 'sent' ? 201 : 200).send({ message, request: view! });
    },
  );

  app.get(
    '/api/friends/requests',
    {
      schema: {
        ...memberOnly,
        operationId: 'listFriendRequests',
        summary: 'Friend requests you received that wait for your answer, newest first',
        response: { 200: z.array(friendRequestSchema), 401: errors[401] },
      },
    },
    async (request) => incomingRequests(friends, memberOf(request).userId),
  );

  app.get(
    '/api/friends/requests/sent',
    {
      schema: {
        ...memberOnly,
        operationId: 'listSentFriendRequests',
        summary: 'Friend requests you sent that wait for an answer, newest first',
        response: { 200: z.array(friendRequestSchema), 401: errors[401] },
      },
    },
    async (request) => outgoingRequests(friends, memberOf(request).userId),
  );

  app.put(
    '/api/friends/requests/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'answerFriendRequest',
        summary: 'Accept or decline a friend request you received',
        params: requestIdParams,
        body: respondBody,
        response: { 200: messageAnswer, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const { action } = request.body;
      await answerRequest(friends, userId, parsePathId(request.params.id, requestNotFound), action);
      return { message: action === 'accepted' ? friendTexts.requestAccepted : friendTexts.requestDeclined };
    },
  );

  app.delete(
    '/api/friends/requests/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'cancelFriendRequest',
        summary: 'Take back a friend request you sent that is still pending',
        params: requestIdParams,
        response: { 200: messageAnswer, 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      await cancelRequest(friends, userId, parsePathId(request.params.id, requestNotFound));
      return { message: friendTexts.requestCancelled };
    },
  );
}
