/**
 * Blocking (decision 036; the friends service owns blocks). Members only.
 * - GET /api/friends/blocks?cursor&limit -> [blocked member], newest block first, paged (decision 015)
 * - POST /api/friends/blocks { userId } -> 201 { userId, blocked: true, message } (again: 200, nothing changes)
 * - DELETE /api/friends/blocks/:userId -> 200 { userId, blocked: false, message }; not blocked: 404
 * Events: friendship.removed and friend-request.declined/.cancelled for what the block ended, then
 * member.blocked; member.unblocked. All keyed by the pair.
 */
import { blockBody, blockedMemberListSchema, blocksQuery, blockStateSchema, safetyTexts } from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, setNextPage, type ServiceApp } from '@kora/platform/service';
import type { Friends } from '../context.js';
import { blockMember, unblockMember } from '../blocks/block.js';
import { blockedMembers } from '../blocks/list.js';
import { notBlocked } from '../errors.js';
import { userIdParams } from './schemas.js';

const tags = ['blocks'];

export function blockRoutes(app: ServiceApp, friends: Friends): void {
  app.get(
    '/api/friends/blocks',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'listBlockedMembers',
        summary: 'Members you blocked, most recent first',
        querystring: blocksQuery,
        response: { 200: blockedMemberListSchema, 400: errors[400], 401: errors[401] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const page = await blockedMembers(friends, memberOf(request).userId, cursor, limit);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );

  app.post(
    '/api/friends/blocks',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'blockMember',
        summary: 'Block a member: ends your friendship and any pending request; neither of you sees the other',
        body: blockBody,
        response: {
          200: blockStateSchema,
          201: blockStateSchema,
          400: errors[400],
          401: errors[401],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (request, reply) => {
      const blockedId = request.body.userId;
      const { created } = await blockMember(friends, memberOf(request).userId, blockedId);
      return reply.code(created ? 201 : 200).send({ userId: blockedId, blocked: true, message: safetyTexts.blocked });
    },
  );

  app.delete(
    '/api/friends/blocks/:userId',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'unblockMember',
        summary: 'Unblock a member you blocked',
        params: userIdParams,
        response: { 200: blockStateSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const blockedId = parsePathId(request.params.userId, notBlocked);
      await unblockMember(friends, memberOf(request).userId, blockedId);
      return { userId: blockedId, blocked: false, message: safetyTexts.unblocked };
    },
  );
}
