/**
 * "Download your data" (decision 035), for the member themself only (inside `memberRoutes`):
 * - `POST /api/media/archive` asks for an archive: 202 with its state; 429 when the last request
 *   is less than 24 hours old (two at once: one 202, one 429);
 * - `GET /api/media/archive` the state: none / preparing / ready (with the link and its expiry) /
 *   failed / expired, and when a new request is allowed;
 * - `GET /api/media/archive/download?token=` the ZIP, to the member the link was made for: 404 for
 *   a link we did not sign, 403 for another member's link, 410 for an expired or replaced one.
 * There is no admin route to anyone's archive.
 */
import { archiveDownloadQuery, archiveStatusSchema, errorBodySchema } from '@kora/contracts';
import { bodilessRoutes, errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { readArchiveToken } from '../archive/download-link.js';
import { findArchive } from '../archive/records.js';
import { requestArchive } from '../archive/request.js';
import { archiveStatus } from '../archive/status.js';
import type { Media } from '../context.js';
import { archiveLinkExpired, archiveLinkInvalid, archiveNotYours } from '../errors.js';

const zipFile = { 'application/zip': { schema: z.any().meta({ type: 'string', format: 'binary' }) } };

export async function archiveRoutes(app: ServiceApp, media: Media): Promise<void> {
  await bodilessRoutes(app, (scope) => {
    scope.post(
      '/api/media/archive',
      {
        schema: {
          tags: ['media'],
          operationId: 'requestDataArchive',
          summary: 'Ask for an archive of all your data (one per 24 hours)',
          description:
            'The archive is built in the background; its state and, once ready, its download link are in GET /api/media/archive.',
          ...memberOnly,
          response: { 202: archiveStatusSchema, 401: errors[401], 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { userId } = memberOf(request);
        const archive = await requestArchive(media, userId);
        return reply.code(202).send(archiveStatus(media, archive, new Date()));
      },
    );
  });

  app.get(
    '/api/media/archive',
    {
      schema: {
        tags: ['media'],
        operationId: 'getDataArchive',
        summary: 'The state of your data archive',
        ...memberOnly,
        response: { 200: archiveStatusSchema, 401: errors[401] },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      void reply.header('cache-control', 'private, no-store');
      return archiveStatus(media, await findArchive(media, userId), new Date());
    },
  );

  app.get(
    '/api/media/archive/download',
    {
      schema: {
        tags: ['media'],
        operationId: 'downloadDataArchive',
        summary: 'Download your data archive (ZIP) by its signed link',
        ...memberOnly,
        querystring: archiveDownloadQuery,
        response: {
          200: { description: 'The ZIP file', content: zipFile },
          401: errors[401],
          403: errors[403],
          404: errors[404],
          410: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const link = readArchiveToken(media, request.query.token);
      if (!link) throw archiveLinkInvalid();
      if (link.userId !== userId) throw archiveNotYours();
      const row = await findArchive(media, userId);
      if (!row || link.expiresAt <= new Date()) throw archiveLinkExpired();
      // A link to an archive a newer request replaced, or whose file the sweep removed.
      if (row.id !== link.subject || row.status !== 'ready' || !row.key) throw archiveLinkExpired();
      const opened = await media.storage.open(row.key);
      if (!opened) throw archiveLinkExpired();
      const day = (row.readyAt ?? row.requestedAt).toISOString().slice(0, 10);
      const raw = reply as unknown as FastifyReply;
      return raw
        .type('application/zip')
        .header('content-length', opened.object.size)
        .header('content-disposition', `attachment; filename="kora-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(opened.body);
    },
  );
}
