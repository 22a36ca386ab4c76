/**
 * Member profiles (the profile page, Find Friends).
 * - GET /api/users/search?q= : active members by username or name (20 at most; blank q -> []);
 *   a whole e-mail address or phone number also finds its member, if their lookup privacy lets the
 *   caller (accounts/lookups.ts).
 * - GET /api/users/:id : a profile; `id` is the plain id or the encoded profile id. Anyone may ask;
 *   the owner's profile visibility decides between the full profile and the card
 *   (accounts/profile-view.ts).
 * A block either way (decision 036) hides the two from each other: the profile answers the very 404
 * of a missing member, and search leaves them out.
 * - PUT /api/users/:id : the owner edits names and bio.
 * - PUT /api/users/:id/avatar and /cover : the owner uploads an image (multipart, one file field
 *   named `avatar`), stored by the media service -> { avatarUrl }.
 */
import multipart from '@fastify/multipart';
import {
  avatarAnswer,
  errorBodySchema,
  parseProfileParam,
  profileSchema,
  profileViewSchema,
  updateProfileBody,
  userSearchItemSchema,
} from '@kora/contracts';
import {
  blockedPeersOf,
  escapeLike,
  isBlockedBetween,
  notBlockedWith,
  requireMember,
  requireOwner,
  unauthenticated,
  type ServiceApp,
} from '@kora/platform/service';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lookUp, lookupOf } from '../accounts/lookups.js';
import { changeAccount } from '../accounts/account-changes.js';
import type { ImageKind } from '../accounts/media.js';
import { imageUploadBody, receiveProfileImage, streamedBodyValidator } from '../accounts/profile-image.js';
import { detailsOf, profileFor } from '../accounts/profile-view.js';
import { findUserById, toProfile, toSearchItem } from '../accounts/users.js';
import type { Auth } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { userNotFound } from '../errors.js';

const idParams = z.object({ id: z.string().describe('Member id, plain (42) or encoded (as in profile links)') });
const searchQuery = z.object({ q: z.string().max(100, 'Search text must be at most 100 characters').optional() });
const SEARCH_LIMIT = 20;

const denied = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export async function userRoutes(app: ServiceApp, auth: Auth): Promise<void> {
  const { ctx, tables } = auth;
  const { users } = tables;

  // Limits per request below (the upload size is a live site setting); these are the ceilings.
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1 } });

  /**
   * The member behind `:id` as `viewer` may see it: pending accounts never; suspended ones only to
   * admins and themselves; never across a block, either way.
   */
  async function visibleUser(param: string, viewer: { role: string; userId: number } | null): Promise<UserRow> {
    const id = parseProfileParam(param);
    const user = id === null ? undefined : await findUserById(ctx.db, tables, id);
    if (!user || user.status === 'pending') throw userNotFound();
    if (user.status === 'suspended' && viewer?.role !== 'admin' && viewer?.userId !== user.id) throw userNotFound();
    if (await isBlockedBetween(ctx.db, tables.blocks, viewer?.userId ?? null, user.id)) throw userNotFound();
    return user;
  }

  /** Owner-only routes: 401 anonymous, 404 unknown member, 403 someone else. */
  async function ownedUser(request: FastifyRequest, param: string): Promise<UserRow> {
    const identity = requireMember(request);
    const id = parseProfileParam(param);
    if (id === null) throw userNotFound();
    requireOwner(request, id);
    const user = await findUserById(ctx.db, tables, identity.userId);
    if (!user) throw unauthenticated();
    return user;
  }

  app.get(
    '/api/users/search',
    {
      schema: {
        tags: ['users'],
        operationId: 'searchUsers',
        summary: 'Find active members by username, first or last name',
        security: [{ bearerAuth: [] }],
        querystring: searchQuery,
        response: { 200: z.array(userSearchItemSchema), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request);
      const q = (request.query.q ?? '').trim();
      if (!q) return [];
      const lookup = lookupOf(q);
      const blocked = await blockedPeersOf(ctx.db, tables.blocks, viewer.userId);
      const found = (lookup ? await lookUp(ctx.db, tables, lookup, viewer.userId) : []).filter((u) => !blocked.has(u.id));
      const pattern = `%${escapeLike(q)}%`;
      const rows = await ctx.db
        .select()
        .from(users)
        .where(
          and(
            eq(users.status, 'active'),
            notBlockedWith(tables.blocks, viewer.userId, users.id),
            or(
              ilike(users.username, pattern),
              ilike(users.firstname, pattern),
              ilike(users.lastname, pattern),
              ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
            ),
          ),
        )
        .orderBy(users.username)
        .limit(SEARCH_LIMIT);
      // The member an exact e-mail or phone names first, then the name matches (without repeats).
      const seen = new Set(found.map((u) => u.id));
      return [...found, ...rows.filter((u) => !seen.has(u.id))].slice(0, SEARCH_LIMIT).map(toSearchItem);
    },
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        operationId: 'getUserProfile',
        summary: 'A member profile: the full profile, or only the card (names and picture) when it is closed to the caller',
        description:
          "Anyone may ask. The answer is `visibility: 'full'` for the owner and for whoever the owner's profile visibility lets in " +
          "(everyone, friends, only me); anyone else gets `visibility: 'limited'` with `limitedBy` saying why, and anonymous callers always get the card.",
        security: [{}, { bearerAuth: [] }],
        params: idParams,
        response: { 200: profileViewSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await visibleUser(request.params.id, request.identity);
      return profileFor(ctx.db, tables, user, request.identity?.userId ?? null);
    },
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        operationId: 'updateUserProfile',
        summary: 'Edit your names and bio',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: updateProfileBody,
        response: { 200: profileSchema, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const user = await ownedUser(request, request.params.id);
      const details = await detailsOf(ctx.db, tables, user.id);
      const { user: updated } = await ctx.transact((tx, emit) => changeAccount(tx, emit, tables, user, request.body, user.id, auth.now()));
      return toProfile(updated, details);
    },
  );

  for (const kind of ['avatar', 'cover'] as const satisfies readonly ImageKind[]) {
    app.put(
      `/api/users/:id/${kind}`,
      {
        schema: {
          tags: ['users'],
          operationId: kind === 'avatar' ? 'uploadAvatar' : 'uploadCover',
          summary: kind === 'avatar' ? 'Upload your profile picture' : 'Upload your cover image',
          description: 'multipart/form-data with one file field named `avatar` (for the cover too, as the spec says).',
          security: [{ bearerAuth: [] }],
          consumes: ['multipart/form-data'],
          params: idParams,
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
        const user = await ownedUser(request, request.params.id);
        const url = await receiveProfileImage(auth, request, user.id, kind);
        return { avatarUrl: url };
      },
    );
  }
}
