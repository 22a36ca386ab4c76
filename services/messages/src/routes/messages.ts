/**
 * Messages of a conversation (decision 039), members only; 404 "Conversation not found" to anyone
 * outside it.
 * - GET    /api/messages/conversations/:id/messages?before&after&limit -> [message], ascending ids
 * - POST   /api/messages/conversations/:id/messages { clientId, body, media, replyToId } -> 201 (a repeat: 200, the stored one)
 * - DELETE /api/messages/conversations/:id/messages/:messageId -> the message, deleted for everyone (its sender)
 * - POST   /api/messages/conversations/:id/read { messageId } -> readAnswer; /delivered -> 204; /typing -> 204
 * - POST   /api/messages/conversations/:id/messages/:messageId/report { reason, note } -> 201
 */
import {
  messagePageQuery,
  messageReportAnswer,
  messageReportBody,
  messageSchema,
  readAnswer,
  readBody,
  sendMessageBody,
  adminTexts,
} from '@kora/contracts';
import { bodilessRoutes, errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Messages } from '../context.js';
import { conversationNotFound, messageNotFound } from '../errors.js';
import { deleteMessage } from '../messages/delete.js';
import { markConversation, unreadOf } from '../messages/marks.js';
import { messagePage } from '../messages/page.js';
import { sendMessage } from '../messages/send.js';
import { signalTyping } from '../messages/typing.js';
import { reportMessage } from '../reports/report.js';
import { conversationParams, messageParams } from './params.js';

const tags = ['messages'];
const idOf = (raw: string) => parsePathId(raw, conversationNotFound);

export async function messageRoutes(app: ServiceApp, m: Messages): Promise<void> {
  app.get(
    '/api/messages/conversations/:id/messages',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'listMessages',
        summary: 'A page of messages, always in ascending id order (oldest first)',
        description:
          'Without `before` or `after`: the newest page. `before=<id>`: the page just older than that id (pass the first id of the ' +
          'page you have). `after=<id>`: the messages just newer than that id (a reconnecting client passes its last seen id and ' +
          'repeats with the last id of each page until a page comes back shorter than `limit`: nothing is skipped or repeated). ' +
          'Every page is answered oldest first.',
        params: conversationParams,
        querystring: messagePageQuery,
        response: { 200: z.array(messageSchema), 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => messagePage(m, memberOf(request).userId, idOf(request.params.id), request.query),
  );

  app.post(
    '/api/messages/conversations/:id/messages',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'sendMessage',
        summary: 'Send a message; a repeat of the same clientId answers the stored message (200)',
        params: conversationParams,
        body: sendMessageBody,
        response: { 200: messageSchema, 201: messageSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(m, memberOf(request).userId, idOf(request.params.id), request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.delete(
    '/api/messages/conversations/:id/messages/:messageId',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'deleteMessage',
        summary: 'Delete your message for everyone (it reads "Message deleted")',
        params: messageParams,
        response: { 200: messageSchema, 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      const id = idOf(request.params.id);
      const messageId = parsePathId(request.params.messageId, messageNotFound);
      return deleteMessage(m, memberOf(request).userId, id, messageId);
    },
  );

  app.post(
    '/api/messages/conversations/:id/read',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'markConversationRead',
        summary: 'You have read the conversation up to this message',
        params: conversationParams,
        body: readBody,
        response: { 200: readAnswer, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const callerId = memberOf(request).userId;
      const conversationId = idOf(request.params.id);
      const lastReadId = await markConversation(m, callerId, conversationId, request.body.messageId, 'read');
      const { unreadTotal } = await unreadOf(m, m.ctx.db, callerId);
      return { conversationId, lastReadId, unreadTotal };
    },
  );

  app.post(
    '/api/messages/conversations/:id/delivered',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'markConversationDelivered',
        summary: 'Your client has received the conversation up to this message',
        params: conversationParams,
        body: readBody,
        response: { 204: z.null().describe('Recorded'), 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      await markConversation(m, memberOf(request).userId, idOf(request.params.id), request.body.messageId, 'delivered');
      return reply.code(204).send(null);
    },
  );

  await bodilessRoutes(app, (scope) => {
    scope.post(
      '/api/messages/conversations/:id/typing',
      {
        schema: {
          ...memberOnly,
          tags,
          operationId: 'signalTyping',
          summary: 'You are typing (passed on at most once every 3 seconds)',
          params: conversationParams,
          response: { 204: z.null().describe('Passed on, or within the 3 seconds of the last one'), 401: errors[401], 404: errors[404] },
        },
      },
      async (request, reply) => {
        await signalTyping(m, memberOf(request).userId, idOf(request.params.id));
        return reply.code(204).send(null);
      },
    );
  });

  app.post(
    '/api/messages/conversations/:id/messages/:messageId/report',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'reportMessage',
        summary: 'Report a message to the moderators: they see that message and its sender, nothing else',
        params: messageParams,
        body: messageReportBody,
        response: { 201: messageReportAnswer, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params.id);
      const messageId = parsePathId(request.params.messageId, messageNotFound);
      const reportId = await reportMessage(m, memberOf(request).userId, id, messageId, request.body);
      return reply.code(201).send({ id: reportId, message: adminTexts.reportSent });
    },
  );
}
