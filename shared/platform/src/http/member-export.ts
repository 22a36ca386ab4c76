/**
 * `GET /internal/export/{userId}` — one service's share of a member's data archive (decision 035),
 * for the media service's archive job only (signed service calls; the gateway does not route
 * `/internal`). The answer is NDJSON, one `{ "section", "row" }` line per row, read from the
 * database a page at a time as the caller reads the answer: a member with 10,000 posts costs one
 * page of memory here, never the whole list.
 */
import { errorBodySchema } from '@kora/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { notFound } from '../errors.js';
import { parsePathId } from '../ids.js';
import type { ServiceApp } from '../service.js';
import { requireServiceCall } from './identity.js';

export type ExportRow = Record<string, unknown>;

/** A key the next page starts after (an id, a time or a uuid); null: from the start. */
export type ExportKey = number | string | null;

export interface ExportSection {
  /** The file the rows land in, `<service>/<name>.json` in the archive. */
  name: string;
  /** Up to `limit` of the member's rows after `after`, in key order, and the key of the last one. */
  page(userId: number, after: ExportKey, limit: number): Promise<{ rows: ExportRow[]; last: ExportKey }>;
}

export const EXPORT_PAGE_SIZE = 500;

/** A section's name as the archive's file name and the media service's reader take it. */
export const EXPORT_SECTION_NAME = /^[a-z0-9-]{1,40}$/;

/** One NDJSON line per row, section after section, each page fetched when the reader wants more. */
export async function* exportLines(sections: ExportSection[], userId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  for (const section of sections) {
    let after: ExportKey = null;
    for (;;) {
      const { rows, last } = await section.page(userId, after, pageSize);
      if (rows.length > 0) yield rows.map((row) => JSON.stringify({ section: section.name, row })).join('\n') + '\n';
      if (rows.length < pageSize || last === null) break;
      after = last;
    }
  }
}

const exportParams = z.object({ userId: z.string().describe("The member's id") });

/** Before validation: a caller that is not a sibling service learns nothing about the input. */
const siblingsOnly = async (request: FastifyRequest) => void requireServiceCall(request);

export function memberExportRoute(app: ServiceApp, sections: ExportSection[]): void {
  // A name the archive would refuse fails the service's start, not a member's archive.
  const misnamed = sections.filter((section) => !EXPORT_SECTION_NAME.test(section.name)).map((section) => section.name);
  if (misnamed.length > 0) throw new Error(`export section names must be lowercase words with dashes: ${misnamed.join(', ')}`);
  app.get(
    '/internal/export/:userId',
    {
      schema: {
        tags: ['internal'],
        operationId: 'exportMemberData',
        summary: "A member's rows for their data archive, as NDJSON",
        description:
          'Sibling services only (signed x-kora-service header). One line per row: { "section": name, "row": {...} }, ' +
          `sections in this order: ${sections.map((s) => s.name).join(', ')}. Streamed a page at a time.`,
        params: exportParams,
        response: {
          200: { description: 'NDJSON lines', content: { 'application/x-ndjson': { schema: z.string() } } },
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
      onRequest: siblingsOnly,
    },
    async (request, reply) => {
      const userId = parsePathId(request.params.userId, () => notFound('No such member'));
      request.log.info({ caller: request.callerService, userId }, 'member data exported for an archive');
      // A stream is not the schema's string: the 200 is documented, not serialised.
      const raw = reply as unknown as FastifyReply;
      return raw.type('application/x-ndjson; charset=utf-8').send(Readable.from(exportLines(sections, userId)));
    },
  );
}
