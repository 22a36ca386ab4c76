/**
 * A group's members and join requests (decision 021; lists are bare arrays paged by `Link` /
 * `X-Next-Cursor`, decision 015).
 * - GET /api/groups/:id/members?cursor&limit -> [member]: owner, admins, then by joining; a
 *   private group's to its members only
 * - GET /api/groups/:id/requests?cursor&limit (owner, admins) -> [request], oldest first
 * - POST /api/groups/:id/requests/:userId/approve|decline (owner, admins) -> { message, group }
 * - DELETE /api/groups/:id/members/:userId (owner; admins for plain members) -> { message, group }
 * - PUT /api/groups/:id/members/:userId/role { role } (owner) -> { message, group }; `owner` hands
 *   the group over
 */
import { groupActionAnswer, groupMemberSchema, groupPeopleQuery, groupRequestSchema, groupRoleBody, groupTexts } from '@kora/contracts';
import { bodilessRoutes, errors, memberOf, memberOnly, parsePathId, setNextPage, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Groups } from '../context.js';
import { groupNotFound, noRequest, notAMember } from '../errors.js';
import { approveRequest, declineRequest } from '../membership/approve.js';
import { membersSeenBy, requestsSeenBy } from '../membership/people.js';
import { removeMember } from '../membership/remove.js';
import { changeRole } from '../membership/roles.js';
import { groupMemberPathParams, groupPathParams } from './params.js';

export async function peopleRoutes(app: ServiceApp, groups: Groups): Promise<void> {
  app.get(
    '/api/groups/:id/members',
    {
      schema: {
        ...memberOnly,
        operationId: 'listGroupMembers',
        summary: "A group's members: the owner, the admins, then by joining (a private group's to its members only)",
        params: groupPathParams,
        querystring: groupPeopleQuery,
        response: { 200: z.array(groupMemberSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const page = await membersSeenBy(groups, memberOf(request).userId, parsePathId(request.params.id, groupNotFound), cursor, limit);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );

  app.get(
    '/api/groups/:id/requests',
    {
      schema: {
        ...memberOnly,
        operationId: 'listGroupJoinRequests',
        summary: "A group's waiting join requests, oldest first (owner and admins)",
        params: groupPathParams,
        querystring: groupPeopleQuery,
        response: { 200: z.array(groupRequestSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const page = await requestsSeenBy(groups, memberOf(request).userId, parsePathId(request.params.id, groupNotFound), cursor, limit);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );

  await bodilessRoutes(app, (scope) => {
    for (const action of ['approve', 'decline'] as const) {
      scope.post(
        `/api/groups/:id/requests/:userId/${action}`,
        {
          schema: {
            ...memberOnly,
            operationId: action === 'approve' ? 'approveGroupJoinRequest' : 'declineGroupJoinRequest',
            summary:
              action === 'approve'
                ? 'Let a member in who asked to join (owner and admins)'
                : 'Turn down a request to join (owner and admins)',
            params: groupMemberPathParams,
            response: { 200: groupActionAnswer, 401: errors[401], 403: errors[403], 404: errors[404] },
          },
        },
        async (request) => {
          const groupId = parsePathId(request.params.id, groupNotFound);
          const userId = parsePathId(request.params.userId, noRequest);
          const answer = action === 'approve' ? approveRequest : declineRequest;
          return {
            message: action === 'approve' ? groupTexts.approved : groupTexts.declined,
            group: await answer(groups, memberOf(request).userId, groupId, userId),
          };
        },
      );
    }
  });

  app.delete(
    '/api/groups/:id/members/:userId',
    {
      schema: {
        ...memberOnly,
        operationId: 'removeGroupMember',
        summary: 'Remove a member (the owner removes anyone else; admins remove plain members)',
        params: groupMemberPathParams,
        response: { 200: groupActionAnswer, 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      const groupId = parsePathId(request.params.id, groupNotFound);
      const userId = parsePathId(request.params.userId, notAMember);
      return { message: groupTexts.removed, group: await removeMember(groups, memberOf(request).userId, groupId, userId) };
    },
  );

  app.put(
    '/api/groups/:id/members/:userId/role',
    {
      schema: {
        ...memberOnly,
        operationId: 'changeGroupMemberRole',
        summary: 'Make a member an admin or a member again, or hand the group over with `owner` (owner)',
        params: groupMemberPathParams,
        body: groupRoleBody,
        response: { 200: groupActionAnswer, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => {
      const groupId = parsePathId(request.params.id, groupNotFound);
      const userId = parsePathId(request.params.userId, notAMember);
      const { group, handedOver } = await changeRole(groups, memberOf(request).userId, groupId, userId, request.body.role);
      return { message: handedOver ? groupTexts.handedOver : groupTexts.roleChanged, group };
    },
  );
}
