/**
 * The reels API (docs/product/stories-and-reels.md; decision 022). Lists are bare arrays
 * paged by `Link` / `X-Next-Cursor` (decision 015).
 * - GET /api/reels?cursor&limit -> [reel]: newest first; published reels of members whose profile
 *   audience holds you, and your own in any state
 * - POST /api/reels { videoUrl, caption } -> 201 the reel (usually `processing`)
 * - GET /api/reels/:id -> the reel; DELETE /api/reels/:id (author) -> 204
 * - POST /api/reels/:id/like -> { liked, likeCount } (toggles); POST /api/reels/:id/share ->
 *   { shared, shareCount } (once per member); both take no body
 * - GET /api/reels/:id/comments?cursor&limit -> [comment], oldest first; POST { content } -> 201
 * A reel the caller may not see answers 404 everywhere; a reel only its author sees (processing,
 * failed) takes no likes, comments or shares (409).
 */
import {
  createReelBody,
  createReelCommentBody,
  reelCommentListSchema,
  reelCommentSchema,
  reelCommentsQuery,
  reelLikeAnswer,
  reelListQuery,
  reelListSchema,
  reelSchema,
  reelShareAnswer,
} from '@kora/contracts';
import { errors, memberOf, memberOnly, parsePathId, setNextPage, type ServiceApp } from '@kora/platform/service';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StoriesReels } from '../context.js';
import { reelComments } from '../reels/comments.js';
import { createReel } from '../reels/create.js';
import { deleteReel } from '../reels/delete.js';
import { reelNotFound } from '../reels/errors.js';
import { addReelComment, shareReel, toggleReelLike } from '../reels/interactions.js';
import { reelFeed, reelSeenBy } from '../reels/read.js';
import { publishedReelFor, type TargetReel } from '../reels/target.js';

/** Read as a string and made an id by `parsePathId`: `/api/reels/abc` is "Reel not found" like a missing id. */
const reelPathParams = z.object({ id: z.string().describe('Reel id') });

export async function reelRoutes(app: ServiceApp, sr: StoriesReels): Promise<void> {
  const reelId = (id: string) => parsePathId(id, reelNotFound);
  /** The member and the published reel they act on. */
  const target = async (request: FastifyRequest, id: string): Promise<{ userId: number; reel: TargetReel }> => {
    const { userId } = memberOf(request);
    return { userId, reel: await publishedReelFor(sr, userId, reelId(id)) };
  };

  app.get(
    '/api/reels',
    {
      schema: {
        ...memberOnly,
        operationId: 'listReels',
        summary: 'The reels feed, newest first: published reels you may see, and your own in any state',
        querystring: reelListQuery,
        response: { 200: reelListSchema, 400: errors[400], 401: errors[401] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const page = await reelFeed(sr, memberOf(request).userId, cursor, limit);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );

  app.post(
    '/api/reels',
    {
      schema: {
        ...memberOnly,
        operationId: 'createReel',
        summary: 'Make a reel of a video you uploaded with purpose=reel; it shows to others once the video is ready',
        body: createReelBody,
        response: { 201: reelSchema, 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
      },
    },
    async (request, reply) => reply.code(201).send(await createReel(sr, memberOf(request).userId, request.body)),
  );

  app.get(
    '/api/reels/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'getReel',
        summary: 'One reel, if you may see it',
        params: reelPathParams,
        response: { 200: reelSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => reelSeenBy(sr, memberOf(request).userId, reelId(request.params.id)),
  );

  app.delete(
    '/api/reels/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'deleteReel',
        summary: 'Delete your reel',
        params: reelPathParams,
        response: { 204: z.null().describe('Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request, reply) => {
      await deleteReel(sr, memberOf(request).userId, reelId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/reels/:id/like',
    {
      schema: {
        ...memberOnly,
        operationId: 'toggleReelLike',
        summary: 'Like a reel, or take your like back',
        params: reelPathParams,
        response: { 200: reelLikeAnswer, 401: errors[401], 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => {
      const { userId, reel } = await target(request, request.params.id);
      return toggleReelLike(sr, reel, userId);
    },
  );

  app.post(
    '/api/reels/:id/share',
    {
      schema: {
        ...memberOnly,
        operationId: 'shareReel',
        summary: 'Share a reel (once per member; sharing again changes nothing)',
        params: reelPathParams,
        response: { 200: reelShareAnswer, 401: errors[401], 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => {
      const { userId, reel } = await target(request, request.params.id);
      return shareReel(sr, reel, userId);
    },
  );

  app.get(
    '/api/reels/:id/comments',
    {
      schema: {
        ...memberOnly,
        operationId: 'listReelComments',
        summary: "A reel's comments, oldest first",
        params: reelPathParams,
        querystring: reelCommentsQuery,
        response: { 200: reelCommentListSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const reel = await reelSeenBy(sr, userId, reelId(request.params.id));
      const { cursor, limit } = request.query;
      const page = await reelComments(sr, userId, reel.id, cursor, limit);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );

  app.post(
    '/api/reels/:id/comments',
    {
      schema: {
        ...memberOnly,
        operationId: 'commentOnReel',
        summary: 'Comment on a reel',
        params: reelPathParams,
        body: createReelCommentBody,
        response: { 201: reelCommentSchema, 400: errors[400], 401: errors[401], 404: errors[404], 409: errors[409] },
      },
    },
    async (request, reply) => {
      const { userId, reel } = await target(request, request.params.id);
      return reply.code(201).send(await addReelComment(sr, reel, userId, request.body.content));
    },
  );
}
