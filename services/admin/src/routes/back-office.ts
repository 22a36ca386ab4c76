/**
 * The admin service's back-office routes (decision 024): the dashboard's stats, the audit log and
 * the representative applications.
 */
import {
  adminStatsSchema,
  auditListSchema,
  auditQuery,
  errorBodySchema,
  inLocale,
  representativeListSchema,
  representativeSchema,
  representativesQuery,
  reviewRepresentativeBody,
} from '@kora/contracts';
import { adminOf, adminOnly, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import { listAudit } from '../audit/store.js';
import type { Admin } from '../context.js';
import { applicationDecisionMail } from '../representatives/mails.js';
import { listApplications, representativeOf, reviewApplication } from '../representatives/store.js';
import { dashboardStats } from '../stats/dashboard.js';

const denied = { 401: errorBodySchema, 403: errorBodySchema };
const idParam = z.object({
  id: z.coerce.number({ error: 'Application not found' }).int().positive('Application not found').max(Number.MAX_SAFE_INTEGER),
});

/** Registered inside the service's `adminRoutes` group (app.ts). */
export function backOfficeRoutes(admins: ServiceApp, admin: Admin): void {
  admins.get(
    '/api/admin/stats',
    {
      schema: {
        ...adminOnly,
        operationId: 'getAdminStats',
        summary: 'Dashboard counts and the last 30 days of sign-ups and posts (503 when auth or posts cannot answer)',
        response: { 200: adminStatsSchema, ...denied, 503: errorBodySchema },
      },
    },
    async () => dashboardStats(admin),
  );

  admins.get(
    '/api/admin/audit',
    {
      schema: {
        ...adminOnly,
        operationId: 'listAuditLog',
        summary: 'What admins did, newest first (filter by action or actor)',
        querystring: auditQuery,
        response: { 200: auditListSchema, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => listAudit(admin.ctx.db, admin.tables, request.query),
  );

  admins.get(
    '/api/admin/representatives',
    {
      schema: {
        ...adminOnly,
        operationId: 'listRepresentativeApplications',
        summary: 'Representative applications, newest first (filter by status)',
        querystring: representativesQuery,
        response: { 200: representativeListSchema, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => listApplications(admin.ctx.db, admin.tables, request.query),
  );

  admins.put(
    '/api/admin/representatives/:id',
    {
      schema: {
        ...adminOnly,
        operationId: 'reviewRepresentativeApplication',
        summary: 'Set an application’s status and the reviewer’s note; the applicant is mailed when accepted or rejected',
        params: idParam,
        body: reviewRepresentativeBody,
        response: { 200: representativeSchema, 400: errorBodySchema, ...denied, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const reviewer = adminOf(request);
      const { before, after } = await admin.ctx.transact((tx, emit) =>
        reviewApplication(tx, admin.tables, emit, request.params.id, request.body, reviewer.userId, admin.now()),
      );
      // Told once per decision: a note edited later, or the same status set again, sends nothing.
      const decision = after.status;
      if ((decision === 'accepted' || decision === 'rejected') && decision !== before.status) {
        const site = { siteName: admin.siteName(), base: admin.publicUrl() };
        // In the applicant's language, not the reviewing admin's.
        await admin.sendMail(inLocale({ language: after.language ?? 'en' }, () => applicationDecisionMail(after, decision, site)));
      }
      return representativeOf(after);
    },
  );
}
