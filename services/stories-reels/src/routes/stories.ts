/**
 * The stories routes (decision 022; docs/product/stories-and-reels.md). Members only.
 * - POST /api/stories (multipart, one file in `media`) -> 201 { id, url, type, state, createdAt, expiresAt }
 * - GET /api/stories -> [story group]: the caller's own, then their friends' (unseen first)
 * - POST /api/stories/:id/view -> { seen: true }
 * - GET /api/stories/:id/viewers?cursor&limit (owner) -> [viewer], most recent first, paged
 * - DELETE /api/stories/:id (owner) -> 204
 */
import {
  createdStorySchema,
  STORY_UPLOAD_FIELD,
  storyGroupListSchema,
  storyViewAnswer,
  storyViewerListSchema,
  storyViewersQuery,
} from '@kora/contracts';
import { errorBodySchema } from '@kora/contracts';
import { bodilessRoutes, errors, memberOf, memberOnly, parsePathId, setNextPage, type ServiceApp } from '@kora/platform/service';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { StoriesReels } from '../context.js';
import { createStory } from '../stories/create.js';
import { deleteStory } from '../stories/delete.js';
import { storyNotFound } from '../errors.js';
import { receiveStoryFile } from '../stories/receive.js';
import { storyStrip } from '../stories/strip.js';
import { markStorySeen, storyViewers } from '../stories/views.js';

const tags = ['stories'];
/** Read as a string and made an id by `parsePathId`: `/api/stories/abc` is a 404 like a missing id. */
const storyPathParams = z.object({ id: z.string().describe('Story id') });

/** The form, documented for OpenAPI; the body itself is a stream read by the handler. */
const storyForm = z.object({
  [STORY_UPLOAD_FIELD]: z.string().meta({ format: 'binary', description: 'One photo (JPEG, PNG, GIF, WEBP) or video (MP4, WEBM, MOV)' }),
});

export async function storyRoutes(app: ServiceApp, sr: StoriesReels): Promise<void> {
  await app.register(async (scope: ServiceApp) => {
    await scope.register(multipart);
    // Any body type reaches the upload's handler, so one that is not multipart answers our 400
    // ("Choose a photo or video…") rather than Fastify's 415.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    uploadRoute(scope, sr);
  });
  readRoutes(app, sr);
  // The view mark takes no body: a bare POST, or `Content-Type: application/json` with nothing.
  await bodilessRoutes(app, (scope) => viewRoute(scope, sr));
}

function uploadRoute(app: ServiceApp, sr: StoriesReels): void {
  const baseCompiler = app.validatorCompiler;
  app.post(
    '/api/stories',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'createStory',
        summary: 'Post a story: one photo or video, shown to your friends for 24 hours',
        description:
          `multipart/form-data with one file in the field '${STORY_UPLOAD_FIELD}'. Media stores it under the story rules ` +
          "(the site's upload size and types; a video of at most 60 s, judged once transcoded). A video story is " +
          '`processing` until media has transcoded it, and shown to friends only then.',
        consumes: ['multipart/form-data'],
        body: storyForm,
        response: {
          201: createdStorySchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          413: errors[413],
          415: errors[415],
          502: errorBodySchema,
          503: errorBodySchema,
        },
      },
      // The body is a stream read by the handler; the schema above only documents it.
      validatorCompiler: (route) => (route.httpPart === 'body' || !baseCompiler ? () => ({ value: undefined }) : baseCompiler(route)),
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const file = await receiveStoryFile(request, reply, sr.ctx.siteSettings.current().storage.maxUploadMB);
      try {
        const story = await createStory(sr, userId, file);
        request.log.info({ userId, storyId: story.id, type: story.type }, 'story posted');
        return reply.code(201).send(story);
      } finally {
        await file.discard();
      }
    },
  );
}

function readRoutes(app: ServiceApp, sr: StoriesReels): void {
  app.get(
    '/api/stories',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'listStoryGroups',
        summary: "The story strip: your own live stories, then your friends' (unseen first, most recent first)",
        response: { 200: storyGroupListSchema, 401: errors[401] },
      },
    },
    async (request) => storyStrip(sr, memberOf(request).userId),
  );

  app.get(
    '/api/stories/:id/viewers',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'listStoryViewers',
        summary: 'Who viewed your story, most recent first (owner only)',
        params: storyPathParams,
        querystring: storyViewersQuery,
        response: { 200: storyViewerListSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { cursor, limit } = request.query;
      const page = await storyViewers(sr, memberOf(request).userId, parsePathId(request.params.id, storyNotFound), cursor, limit);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );

  app.delete(
    '/api/stories/:id',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'deleteStory',
        summary: 'Delete your story (owner only; deleting it again is harmless)',
        params: storyPathParams,
        response: { 204: z.null().describe('Deleted'), 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request, reply) => {
      await deleteStory(sr, memberOf(request).userId, parsePathId(request.params.id, storyNotFound));
      return reply.code(204).send(null);
    },
  );
}

function viewRoute(app: ServiceApp, sr: StoriesReels): void {
  app.post(
    '/api/stories/:id/view',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'markStoryViewed',
        summary: 'Mark a story seen (once per viewer; your own views are not recorded)',
        params: storyPathParams,
        response: { 200: storyViewAnswer, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      await markStorySeen(sr, memberOf(request).userId, parsePathId(request.params.id, storyNotFound));
      return { seen: true as const };
    },
  );
}
