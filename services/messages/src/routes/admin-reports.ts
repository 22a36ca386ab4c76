/**
 * Reported messages in the back office (decision 039), admins only (anonymous 401, members 403).
 * Admins see each reported message and its sender, and nothing else of any conversation.
 * - GET  /api/admin/message-reports?status&page&limit -> numbered page of reports, newest first
 * - POST /api/admin/message-reports/:id/close { status: resolved|dismissed } -> { id, status }
 */
import { adminMessageReportListSchema, adminMessageReportsQuery, closeMessageReportAnswer, closeMessageReportBody } from '@kora/contracts';
import { adminOf, adminOnly, errors, parsePathId, type ServiceApp } from '@kora/platform/service';
import type { Messages } from '../context.js';
import { reportNotFound } from '../errors.js';
import { adminMessageReports, closeMessageReport } from '../reports/admin.js';
import { reportParams } from './params.js';

export function adminReportRoutes(app: ServiceApp, m: Messages): void {
  app.get(
    '/api/admin/message-reports',
    {
      schema: {
        ...adminOnly,
        operationId: 'listMessageReports',
        summary: 'Reported messages: the message, its sender, the reporter and the reason',
        querystring: adminMessageReportsQuery,
        response: { 200: adminMessageReportListSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => adminMessageReports(m, request.query),
  );

  app.post(
    '/api/admin/message-reports/:id/close',
    {
      schema: {
        ...adminOnly,
        operationId: 'closeMessageReport',
        summary: 'Close a message report: resolved or dismissed',
        params: reportParams,
        body: closeMessageReportBody,
        response: {
          200: closeMessageReportAnswer,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (request) => closeMessageReport(m, adminOf(request).userId, parsePathId(request.params.id, reportNotFound), request.body.status),
  );
}
