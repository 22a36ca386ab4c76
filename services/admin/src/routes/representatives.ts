/**
 * POST /api/representatives: the public representative form (docs/product/representatives.md). Anyone may apply; a signed-in member's id is kept with the application. A refused form
 * answers 400 with every field's message at once (decision 024: first in `error`, all in `fields`),
 * so the form can mark each field; one application under review per e-mail (409). The gateway
 * limits how often one client may post it (REPRESENTATIVE_RATE_LIMIT_PER_HOUR).
 */
import {
  ErrorCode,
  REPRESENTATIVE_FIELDS,
  adminTexts,
  errorBodySchema,
  fieldErrorsBodySchema,
  representativeApplicationBody,
  representativeCreatedSchema,
} from '@kora/contracts';
import type { ServiceApp } from '@kora/platform/service';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Admin } from '../context.js';
import { applicationReceivedMail } from '../representatives/mails.js';
import { createApplication } from '../representatives/store.js';

/** Every field's first message, in the form's order; the first of them is the answer's `error`. */
export function fieldErrors(body: unknown): Record<string, string> | null {
  const input = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const parsed = representativeApplicationBody.safeParse(input);
  if (parsed.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  const ordered: Record<string, string> = {};
  for (const field of REPRESENTATIVE_FIELDS) if (fields[field]) ordered[field] = fields[field];
  return ordered;
}

function refuse(reply: FastifyReply, fields: Record<string, string>) {
  const first = Object.values(fields)[0] ?? adminTexts.submitFailed;
  return reply.code(400).send({ error: first, message: first, code: ErrorCode.ValidationFailed, fields });
}

export function representativeRoutes(app: ServiceApp, admin: Admin): void {
  app.post(
    '/api/representatives',
    {
      // The schema's own refusal names one field; this route answers with all of them.
      attachValidation: true,
      schema: {
        tags: ['admin'],
        operationId: 'applyAsRepresentative',
        summary: 'Apply to be a representative (public; a signed-in member is remembered)',
        body: representativeApplicationBody,
        // A body that is not JSON at all is refused before the form is read: the plain error shape.
        response: {
          201: representativeCreatedSchema,
          400: z.union([fieldErrorsBodySchema, errorBodySchema]),
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) return refuse(reply, fieldErrors(request.body) ?? {});
      const body = request.body;
      const row = await createApplication(admin.ctx.db, admin.tables, body, request.identity?.userId ?? null);
      await admin.sendMail(applicationReceivedMail(row, { siteName: admin.siteName(), base: admin.publicUrl() }));
      return reply.code(201).send({ id: row.id, message: adminTexts.applicationSubmitted });
    },
  );
}
