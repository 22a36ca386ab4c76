/**
 * The admin's own profile in the back office (docs/product/admin.md). Admins only:
 * anonymous 401, a member 403. Every action is the member's own code, called from here:
 * - GET /api/admin/profile/me : username, names, e-mail, bio, time zone, picture.
 * - PUT /api/admin/profile : any of those (accounts/account-changes.ts, as PUT /api/users/:id);
 *   the time zone belongs to the settings service (its General tab) and is saved there.
 * - PUT /api/admin/profile/password {oldPassword, newPassword} : as the Security tab's change.
 * - PUT /api/admin/profile/avatar (multipart field `avatar`) -> { avatarUrl }.
 * - GET /api/admin/profile/sessions, DELETE /api/admin/profile/sessions/:id : as the Security tab.
 */
import {
  adminPasswordBody,
  adminProfileBody,
  adminProfileSchema,
  adminTexts,
  avatarAnswer,
  errorBodySchema,
  generalSettingsFields,
  messageAnswer,
  sessionSchema,
  type AdminProfile,
} from '@kora/contracts';
import { adminOf, adminOnly, badRequest, unauthenticated, type ServiceApp } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { changeAccount } from '../accounts/account-changes.js';
import { changeOwnPassword, endOwnSession, ownSessions } from '../accounts/own-security.js';
import { imageUploadBody, receiveProfileImage, streamedBodyValidator } from '../accounts/profile-image.js';
import { avatarOf, findUserById } from '../accounts/users.js';
import type { Auth } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { timezoneNotSaved } from '../errors.js';

const denied = { 401: errorBodySchema, 403: errorBodySchema };
/** The settings service's own rule for a time zone (an IANA name), checked before anything changes. */
const timezoneRule = generalSettingsFields.shape.timezone;
const savedTimezone = z.object({ timezone: z.string() });

/** Registered inside the service's `adminRoutes` group (app.ts). */
export function adminProfileRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;

  async function adminRow(userId: number): Promise<UserRow> {
    const user = await findUserById(ctx.db, tables, userId);
    if (!user) throw unauthenticated();
    return user;
  }

  /** The time zone auth's projection of the General tab holds (UTC, the tab's default, until one arrives). */
  async function timezoneOf(userId: number): Promise<string> {
    const d = tables.memberDetails;
    const [row] = await ctx.db.select({ timezone: d.timezone }).from(d).where(eq(d.userId, userId));
    return row?.timezone ?? 'UTC';
  }

  const profileOf = (user: UserRow, timezone: string): AdminProfile => ({
    id: user.id,
    username: user.username,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    bio: user.bio,
    timezone,
    profileImage: avatarOf(user),
  });

  /** Saves the time zone with the settings service, which announces it (and so fills auth's projection). */
  async function saveTimezone(userId: number, timezone: string): Promise<string> {
    const res = await ctx.callService('settings', `/internal/settings/${userId}/timezone`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timezone }),
      timeoutMs: 5_000,
    });
    const answer = savedTimezone.safeParse(await res.json().catch(() => null));
    if (res.status !== 200 || !answer.success) {
      ctx.log.error({ status: res.status, userId }, 'settings service did not save the time zone');
      throw timezoneNotSaved();
    }
    return answer.data.timezone;
  }

  app.get(
    '/api/admin/profile/me',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminGetProfile',
        summary: 'Your admin profile (admins only)',
        response: { 200: adminProfileSchema, ...denied },
      },
    },
    async (request) => {
      const identity = adminOf(request);
      const user = await adminRow(identity.userId);
      return profileOf(user, await timezoneOf(user.id));
    },
  );

  app.put(
    '/api/admin/profile',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminUpdateProfile',
        summary: 'Edit your username, names, e-mail, bio or time zone (admins only)',
        body: adminProfileBody,
        response: {
          200: adminProfileSchema,
          400: errorBodySchema,
          ...denied,
          409: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      const identity = adminOf(request);
      const { timezone, ...account } = request.body;
      if (timezone !== undefined) {
        const checked = timezoneRule.safeParse(timezone);
        if (!checked.success) throw badRequest(checked.error.issues[0]!.message);
      }
      const user = await adminRow(identity.userId);
      // The account first: a refused e-mail or username leaves the time zone as it was too.
      const { user: updated } = await ctx.transact((tx, emit) =>
        changeAccount(tx, emit, tables, user, account, identity.userId, auth.now()),
      );
      const zone = timezone !== undefined ? await saveTimezone(user.id, timezone) : await timezoneOf(user.id);
      return profileOf(updated, zone);
    },
  );

  app.put(
    '/api/admin/profile/password',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminChangePassword',
        summary: 'Change your password; your other sessions end (admins only)',
        body: adminPasswordBody,
        response: { 200: messageAnswer, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const identity = adminOf(request);
      await changeOwnPassword(auth, identity, request.body.oldPassword, request.body.newPassword);
      return { message: adminTexts.passwordChanged };
    },
  );

  app.put(
    '/api/admin/profile/avatar',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminUploadAvatar',
        summary: 'Upload your profile picture (admins only)',
        description: 'multipart/form-data with one file field named `avatar`.',
        consumes: ['multipart/form-data'],
        body: imageUploadBody,
        response: {
          200: avatarAnswer,
          400: errorBodySchema,
          ...denied,
          413: errorBodySchema,
          415: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
        },
      },
      validatorCompiler: streamedBodyValidator,
    },
    async (request) => {
      const identity = adminOf(request);
      return { avatarUrl: await receiveProfileImage(auth, request, identity.userId, 'avatar') };
    },
  );

  app.get(
    '/api/admin/profile/sessions',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminListSessions',
        summary: 'Your active sessions, most recently used first (admins only)',
        response: { 200: z.array(sessionSchema), ...denied },
      },
    },
    async (request) => ownSessions(auth, adminOf(request)),
  );

  app.delete(
    '/api/admin/profile/sessions/:id',
    {
      schema: {
        ...adminOnly,
        operationId: 'adminEndSession',
        summary: 'End one of your sessions (admins only)',
        params: z.object({ id: z.string() }),
        response: { 204: z.null().describe('Session ended'), ...denied, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await endOwnSession(auth, adminOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
