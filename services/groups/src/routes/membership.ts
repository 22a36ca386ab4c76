/**
 * Joining and leaving (docs/product/groups.md).
 * - POST /api/groups/:id/join (no body) -> { message: "Request sent", group }: a public group's
 *   member at once, a private group's pending request; again changes nothing
 * - DELETE /api/groups/:id/leave -> { message: "Left group", group }: a member leaves, a request is
 *   withdrawn, someone not in the group changes nothing; the owner must hand the group over (409)
 */
import { groupActionAnswer, groupTexts } from '@kora/contracts';
import { bodilessRoutes, errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import type { Groups } from '../context.js';
import { groupNotFound } from '../errors.js';
import { joinGroup, leaveGroup } from '../membership/join.js';
import { groupPathParams } from './params.js';

export async function membershipRoutes(app: ServiceApp, groups: Groups): Promise<void> {
  await bodilessRoutes(app, (scope) => {
    scope.post(
      '/api/groups/:id/join',
      {
        schema: {
          ...memberOnly,
          operationId: 'joinGroup',
          summary: 'Join a public group, or ask to join a private one',
          params: groupPathParams,
          response: { 200: groupActionAnswer, 401: errors[401], 404: errors[404] },
        },
      },
      async (request) => ({
        message: groupTexts.requestSent,
        group: await joinGroup(groups, memberOf(request).userId, parsePathId(request.params.id, groupNotFound)),
      }),
    );
  });

  app.delete(
    '/api/groups/:id/leave',
    {
      schema: {
        ...memberOnly,
        operationId: 'leaveGroup',
        summary: 'Leave a group, or withdraw your request to join it',
        params: groupPathParams,
        response: { 200: groupActionAnswer, 401: errors[401], 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => ({
      message: groupTexts.leftGroup,
      group: await leaveGroup(groups, memberOf(request).userId, parsePathId(request.params.id, groupNotFound)),
    }),
  );
}
