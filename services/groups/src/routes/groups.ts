/**
 * Groups themselves (docs/product/groups.md, decision 021).
 * - GET /api/groups?tab=discover|joined|mine&q&cursor&limit=12 -> { items, nextCursor } (the product's)
 * - POST /api/groups { title, description, picture, privacy } -> 201 the group (the caller owns it)
 * - GET /api/groups/:id -> the group page's header, with the caller's place in it
 * - PUT /api/groups/:id (owner) -> the group
 * - DELETE /api/groups/:id (owner) -> { message: "Group deleted" }
 */
import {
  createGroupBody,
  groupDetailSchema,
  groupListAnswer,
  groupListQuery,
  groupTexts,
  messageAnswer,
  updateGroupBody,
} from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import type { Groups } from '../context.js';
import { groupNotFound } from '../errors.js';
import { groupDetailFor } from '../groups/find.js';
import { groupList } from '../groups/list.js';
import { createGroup, deleteGroup, updateGroup } from '../groups/manage.js';
import { groupPathParams } from './params.js';

export function groupRoutes(app: ServiceApp, groups: Groups): void {
  app.get(
    '/api/groups',
    {
      schema: {
        ...memberOnly,
        operationId: 'listGroups',
        summary: 'Groups to discover, joined or owned, optionally searched; `cursor` is the offset of the page',
        querystring: groupListQuery,
        response: { 200: groupListAnswer, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => groupList(groups, memberOf(request).userId, request.query),
  );

  app.post(
    '/api/groups',
    {
      schema: {
        ...memberOnly,
        operationId: 'createGroup',
        summary: 'Create a group; you are its owner',
        body: createGroupBody,
        response: { 201: groupDetailSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => reply.code(201).send(await createGroup(groups, memberOf(request).userId, request.body)),
  );

  app.get(
    '/api/groups/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'getGroup',
        summary: "A group's header, with your place in it (a private group's header is visible to every member)",
        params: groupPathParams,
        response: { 200: groupDetailSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => groupDetailFor(groups.ctx.db, groups, parsePathId(request.params.id, groupNotFound), memberOf(request).userId),
  );

  app.put(
    '/api/groups/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'updateGroup',
        summary: "Change a group's title, description, picture or privacy (owner); made public, its waiting requests are approved",
        params: groupPathParams,
        body: updateGroupBody,
        response: { 200: groupDetailSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => updateGroup(groups, memberOf(request).userId, parsePathId(request.params.id, groupNotFound), request.body),
  );

  app.delete(
    '/api/groups/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'deleteGroup',
        summary: 'Delete a group and its memberships (owner)',
        params: groupPathParams,
        response: { 200: messageAnswer, 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      await deleteGroup(groups, memberOf(request).userId, parsePathId(request.params.id, groupNotFound));
      return { message: groupTexts.deleted };
    },
  );
}
