/**
 * Receiving a profile image from a multipart request (one file field named `avatar`) and making it
 * the member's avatar or cover: one implementation for the member's upload routes
 * (PUT /api/users/:id/avatar|cover) and the admin's own (PUT /api/admin/profile/avatar). The file
 * streams to the media service (accounts/media.ts); the new URL is saved and announced in one
 * transaction (`user.updated`).
 */
import type { ServiceApp } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../context.js';
import { imageRequired, imageTooLarge } from '../errors.js';
import { storeImage, type ImageKind } from './media.js';
import { toSnapshot } from './users.js';

/** The form the upload routes read: documented for OpenAPI, parsed by @fastify/multipart. */
export const imageUploadBody = z.object({
  avatar: z.string().meta({ format: 'binary', description: 'The image file (one file, field name `avatar`)' }),
});

/** The body is a stream read by the handler; the route's body schema only documents it. */
export const streamedBodyValidator: Parameters<ServiceApp['put']>[1]['validatorCompiler'] = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);

/** Reads the `avatar` file of the request, stores it and makes it `userId`'s image; answers its URL. */
export async function receiveProfileImage(auth: Auth, request: FastifyRequest, userId: number, kind: ImageKind): Promise<string> {
  const { ctx, tables } = auth;
  if (!request.isMultipart()) throw imageRequired();
  const maxMB = ctx.siteSettings.current().storage.maxUploadMB;
  const part = await request
    .file({ limits: { fileSize: maxMB * 1024 * 1024, files: 1, fields: 0, parts: 1 } })
    .catch(multipartRefusal(maxMB));
  if (!part || part.fieldname !== 'avatar') {
    part?.file.resume();
    throw imageRequired();
  }
  const url = await storeImage(ctx, part, kind, maxMB);
  const column = kind === 'avatar' ? { profileImage: url } : { coverImage: url };
  await ctx.transact(async (tx, emit) => {
    const [row] = await tx
      .update(tables.users)
      .set({ ...column, updatedAt: auth.now() })
      .where(eq(tables.users.id, userId))
      .returning();
    emit({ type: 'user.updated', aggregateId: row!.id, actorId: row!.id, payload: toSnapshot(row!) });
  });
  return url;
}

/** @fastify/multipart's refusals, in product words. */
function multipartRefusal(maxMB: number) {
  return (err: { code?: string }): never => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge(maxMB);
    throw imageRequired();
  };
}
