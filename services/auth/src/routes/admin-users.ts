/**
 * The back office's Users screen (docs/product/admin.md: Edit, Suspend). Admins
 * only: anonymous 401, a member 403.
 * - GET /api/admin/users?page&limit&search&sort&dir : a page of the table.
 * - GET /api/admin/users/export?search&sort&dir&format=csv|json : every matching row, streamed as
 *   users.csv or users.json (accounts/admin-user-list.ts reads them in keyset batches).
 * - PUT /api/admin/users/:id : names, e-mail, username, role. Demoting ends the member's sessions
 *   (their access token still says admin).
 * - PUT /api/admin/users/:id/status : suspend (every session ends at once) or reinstate.
 * Each change is audited (`admin.action-recorded`) in its own transaction; nobody demotes or
 * suspends themselves or the last active admin (accounts/admin-guard.ts).
 */
import {
  adminEditUserBody,
  adminUserListSchema,
  adminUserSchema,
  adminUsersExportQuery,
  adminUsersQuery,
  adminUserStatusBody,
  adminUsersCsvExport,
  adminUsersJsonExport,
  errorBodySchema,
} from '@kora/contracts';
import { adminOf, adminOnly, type ServiceApp } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { changeAccount } from '../accounts/account-changes.js';
import { lockAdmins, refuseFormerAdmin, refuseLastAdmin } from '../accounts/admin-guard.js';
import { exportUsers, listUsers, toAdminUser } from '../accounts/admin-user-list.js';
import { recordUserAction } from '../accounts/audit.js';
import { csvExport, jsonExport } from '../accounts/export-formats.js';
import { revokeSessions } from '../accounts/sessions.js';
import { findUserById } from '../accounts/users.js';
import type { Auth } from '../context.js';
import { cannotDemoteSelf, cannotSuspendSelf, userNotFound } from '../errors.js';

const idParams = z.object({
  id: z.coerce.number({ error: 'The member id must be a number' }).int().positive('The member id must be a number'),
});
const denied = { 401: errorBodySchema, 403: errorBodySchema };

/** Registered inside the service's `adminRoutes` group (app.ts). */
export function adminUserRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;

  app.get(
    '/api/admin/users',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminListUsers',
        summary: 'Members, searched by username or e-mail, sorted and paged (admins only)',
        querystring: adminUsersQuery,
        response: { 200: adminUserListSchema, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return listUsers(ctx.db, tables, filter, page, limit);
    },
  );

  app.get(
    '/api/admin/users/export',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminExportUsers',
        summary: 'Every matching member as a users.csv or users.json download (admins only)',
        description:
          'Streamed as it is read (1,000 rows per query), so any number of members exports without waiting for the whole file. ' +
          'CSV cells that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) are prefixed with an apostrophe.',
        querystring: adminUsersExportQuery,
        response: {
          // One schema per content type: the served document says what each format answers.
          200: {
            description: 'users.csv (format=csv) or users.json (format=json: an array of the list items), as a download',
            content: { 'text/csv': { schema: adminUsersCsvExport }, 'application/json': { schema: adminUsersJsonExport } },
          },
          400: errorBodySchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const rows = exportUsers(ctx.db, tables, filter);
      const body = format === 'csv' ? csvExport(rows) : Readable.from(jsonExport(rows));
      body.on('error', (err) => request.log.error({ err }, 'users export failed mid-stream'));
      return (
        reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="users.${format}"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (Fastify never runs the response serializer on one).
          .send(body as unknown as string)
      );
    },
  );

  app.put(
    '/api/admin/users/:id',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminEditUser',
        summary: "Edit a member's names, e-mail, username or role (admins only)",
        description: 'Demoting an admin ends their sessions. Nobody may remove their own admin role, nor demote the last active admin.',
        params: idParams,
        body: adminEditUserBody,
        response: { 200: adminUserSchema, 400: errorBodySchema, ...denied, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const actor = adminOf(request);
      const { id } = request.params;
      const demoting = request.body.role === 'user';
      if (demoting && id === actor.userId) throw cannotDemoteSelf();
      const now = auth.now();
      const user = await ctx.transact(async (tx, emit) => {
        if (demoting) await lockAdmins(tx, ctx.schema);
        const target = await findUserById(tx, tables, id);
        if (!target) throw userNotFound();
        if (demoting && target.role === 'admin') {
          await refuseLastAdmin(tx, tables, target);
          await refuseFormerAdmin(tx, tables, actor.userId);
        }
        const { user: changed, before, after } = await changeAccount(tx, emit, tables, target, request.body, actor.userId, now);
        if (Object.keys(after).length === 0) return changed;
        if (after.role === 'user') await revokeSessions(tx, emit, ctx.store, tables, { userId: target.id }, actor.userId, now);
        recordUserAction(emit, actor.userId, 'user.edited', target.id, before, after, now);
        return changed;
      });
      return toAdminUser(user);
    },
  );

  app.put(
    '/api/admin/users/:id/status',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminSetUserStatus',
        summary: 'Suspend a member (every session ends at once) or reinstate them (admins only)',
        description: 'A suspended member cannot sign in or refresh. Nobody may suspend themselves, nor the last active admin.',
        params: idParams,
        body: adminUserStatusBody,
        response: { 200: adminUserSchema, 400: errorBodySchema, ...denied, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const actor = adminOf(request);
      const { id } = request.params;
      const { status } = request.body;
      const suspending = status === 'suspended';
      if (suspending && id === actor.userId) throw cannotSuspendSelf();
      const now = auth.now();
      const user = await ctx.transact(async (tx, emit) => {
        if (suspending) await lockAdmins(tx, ctx.schema);
        const target = await findUserById(tx, tables, id);
        if (!target) throw userNotFound();
        if (target.status === status) return target;
        if (suspending && target.role === 'admin') {
          await refuseLastAdmin(tx, tables, target);
          await refuseFormerAdmin(tx, tables, actor.userId);
        }
        // Reinstating an account that never activated activates it: the admin vouches for it.
        const activating = target.status === 'pending' && status === 'active';
        const [row] = await tx
          .update(tables.users)
          .set({ status, updatedAt: now, ...(activating ? { activatedAt: now } : {}) })
          .where(eq(tables.users.id, target.id))
          .returning();
        if (suspending) await revokeSessions(tx, emit, ctx.store, tables, { userId: target.id }, actor.userId, now);
        if (activating) emit({ type: 'user.activated', aggregateId: target.id, actorId: actor.userId, payload: { userId: target.id } });
        emit({
          type: 'user.status-changed',
          aggregateId: target.id,
          actorId: actor.userId,
          payload: { userId: target.id, status, previousStatus: target.status },
        });
        recordUserAction(
          emit,
          actor.userId,
          suspending ? 'user.suspended' : 'user.unsuspended',
          target.id,
          { status: target.status },
          { status },
          now,
        );
        return row!;
      });
      return toAdminUser(user);
    },
  );
}
