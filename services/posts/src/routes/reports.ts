/**
 * Reports (decision 024).
 * - POST /api/reports { postId | commentId, reason, note } : a member reports what they can see,
 *   not their own, once -> 201 { id, message }
 * - GET /api/admin/reports?status&page&limit : admins; one row per reported item, most-reported first
 * - PUT /api/admin/reports/:id { action, moderation } : admins; resolve (with the moderation) or
 *   dismiss every open report on the item -> { closed, status }
 */
import {
  adminReportListSchema,
  adminReportsQuery,
  closeReportAnswer,
  closeReportBody,
  createReportAnswer,
  createReportBody,
} from '@kora/contracts';
import { adminOf, adminOnly, errors, memberOf, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Posts } from '../context.js';
import { reportNotFound } from '../errors.js';
import { closeReport } from '../reports/close-report.js';
import { createReport } from '../reports/create-report.js';
import { adminReportList } from '../reports/report-list.js';

const reportIdParams = z.object({ id: z.string().describe('Report id (a row of the reports table answers its newest)') });

/** POST /api/reports: inside a memberRoutes group. */
export function reportRoutes(app: ServiceApp, posts: Posts): void {
  app.post(
    '/api/reports',
    {
      schema: {
        ...memberOnly,
        operationId: 'createReport',
        summary: 'Report a post or a comment to the moderators',
        body: createReportBody,
        response: { 201: createReportAnswer, 400: errors[400], 401: errors[401], 404: errors[404], 409: errors[409] },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      return reply.code(201).send(await createReport(posts, userId, request.body));
    },
  );
}

/** The admin's side: inside an adminRoutes group. */
export function adminReportRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/admin/reports',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminListReports',
        summary: 'Reported posts and comments, one row per item, most-reported then newest first',
        querystring: adminReportsQuery,
        response: { 200: adminReportListSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => adminReportList(posts, request.query),
  );

  app.put(
    '/api/admin/reports/:id',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminCloseReport',
        summary: "Resolve (removing or shadow-hiding the item) or dismiss every open report on the report's item",
        params: reportIdParams,
        body: closeReportBody,
        response: { 200: closeReportAnswer, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      return closeReport(posts, admin.userId, parsePathId(request.params.id, reportNotFound), request.body);
    },
  );
}
