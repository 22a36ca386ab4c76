/**
 * Conversations (decision 039), members only; every route answers 404 "Conversation not found"
 * for a conversation that does not exist and for one the caller is not in.
 * - GET    /api/messages/conversations?folder&q&cursor&limit  -> [conversation], newest activity first (decision 015)
 * - POST   /api/messages/conversations { memberIds, title?, group? } -> 201 new / 200 the pair's existing direct one
 * - GET    /api/messages/conversations/:id ; PATCH { title } (the creator renames a group)
 * - POST   /api/messages/conversations/:id/members { memberIds } (the creator adds)
 * - DELETE /api/messages/conversations/:id/members/:userId (the creator removes; yourself = leave)
 * - POST   /api/messages/conversations/:id/leave | accept | decline
 * - GET    /api/messages/unread -> the top bar's badge
 */
import {
  addMembersBody,
  conversationListQuery,
  conversationSchema,
  createConversationBody,
  renameConversationBody,
  unreadAnswer,
} from '@kora/contracts';
import { bodilessRoutes, errors, memberOf, memberOnly, parsePathId, setNextPage, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Messages } from '../context.js';
import { conversationOf } from '../conversations/access.js';
import { createConversation } from '../conversations/create.js';
import { listConversations } from '../conversations/list.js';
import { addMembers, answerRequest, leaveConversation, removeMember, renameConversation } from '../conversations/manage.js';
import { conversationView } from '../conversations/view.js';
import { conversationNotFound, memberNotFound } from '../errors.js';
import { unreadOf } from '../messages/marks.js';
import { conversationParams, memberParams } from './params.js';

const tags = ['messages'];
const conversationList = z.array(conversationSchema);
const idOf = (raw: string) => parsePathId(raw, conversationNotFound);

export async function conversationRoutes(app: ServiceApp, m: Messages): Promise<void> {
  const view = (callerId: number, id: number) => conversationView(m, callerId, id);

  app.get(
    '/api/messages/conversations',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'listConversations',
        summary: 'Your conversations (inbox or requests), newest activity first',
        querystring: conversationListQuery,
        response: { 200: conversationList, 400: errors[400], 401: errors[401] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { limit } = request.query;
      const page = await listConversations(m, memberOf(request).userId, request.query);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );

  app.post(
    '/api/messages/conversations',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'startConversation',
        summary: 'Start a conversation: one member (direct; the existing one if any) or several with a name (group)',
        body: createConversationBody,
        response: {
          200: conversationSchema,
          201: conversationSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
        },
      },
    },
    async (request, reply) => {
      const callerId = memberOf(request).userId;
      const { id, created } = await createConversation(m, callerId, request.body);
      return reply.code(created ? 201 : 200).send(await view(callerId, id));
    },
  );

  app.get(
    '/api/messages/conversations/:id',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'getConversation',
        summary: 'A conversation you are in',
        params: conversationParams,
        response: { 200: conversationSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const callerId = memberOf(request).userId;
      const id = idOf(request.params.id);
      await conversationOf(m, m.ctx.db, id, callerId);
      return view(callerId, id);
    },
  );

  app.patch(
    '/api/messages/conversations/:id',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'renameConversation',
        summary: 'Rename a group conversation (its creator)',
        params: conversationParams,
        body: renameConversationBody,
        response: { 200: conversationSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      const callerId = memberOf(request).userId;
      const id = idOf(request.params.id);
      await renameConversation(m, callerId, id, request.body.title);
      return view(callerId, id);
    },
  );

  app.post(
    '/api/messages/conversations/:id/members',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'addConversationMembers',
        summary: 'Add members to a group conversation (its creator)',
        params: conversationParams,
        body: addMembersBody,
        response: { 200: conversationSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      const callerId = memberOf(request).userId;
      const id = idOf(request.params.id);
      await addMembers(m, callerId, id, request.body.memberIds);
      return view(callerId, id);
    },
  );

  app.delete(
    '/api/messages/conversations/:id/members/:userId',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'removeConversationMember',
        summary: 'Remove a member from a group conversation (its creator); yourself: leave it',
        params: memberParams,
        response: { 204: z.null().describe('Removed'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params.id);
      const userId = parsePathId(request.params.userId, memberNotFound);
      await removeMember(m, memberOf(request).userId, id, userId);
      return reply.code(204).send(null);
    },
  );

  await bodilessRoutes(app, (scope) => {
    const answer = (operationId: string, path: string, summary: string, act: (callerId: number, id: number) => Promise<void>) =>
      scope.post(
        `/api/messages/conversations/:id/${path}`,
        {
          schema: {
            ...memberOnly,
            tags,
            operationId,
            summary,
            params: conversationParams,
            response: { 204: z.null().describe('Done'), 401: errors[401], 404: errors[404], 409: errors[409] },
          },
        },
        async (request, reply) => {
          await act(memberOf(request).userId, idOf(request.params.id));
          return reply.code(204).send(null);
        },
      );
    answer('leaveConversation', 'leave', 'Leave a conversation', (callerId, id) => leaveConversation(m, callerId, id));
    answer('acceptMessageRequest', 'accept', 'Accept a message request: the conversation moves to your inbox', (callerId, id) =>
      answerRequest(m, callerId, id, true),
    );
    answer('declineMessageRequest', 'decline', 'Decline a message request (the sender is not told)', (callerId, id) =>
      answerRequest(m, callerId, id, false),
    );
  });

  app.get(
    '/api/messages/unread',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'getUnreadMessages',
        summary: 'Unread messages across your inbox, and requests waiting',
        response: { 200: unreadAnswer, 401: errors[401] },
      },
    },
    async (request) => unreadOf(m, m.ctx.db, memberOf(request).userId),
  );
}
