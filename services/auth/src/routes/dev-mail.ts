/**
 * GET /api/dev/mail: the dev outbox (newest first, 50 at most, with the links each mail carries).
 * Served only when MAIL_DEV_OUTBOX=true and no SMTP_URL is set — on for `npm start`, off in
 * production; otherwise the path does not exist (404). Also at /api/auth/dev/mail, a path the
 * gateway already routes to this service.
 */
import { devMailSchema, errorBodySchema } from '@kora/contracts';
import type { ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import { devOutboxEnabled } from '../config.js';
import type { Auth } from '../context.js';
import { devOutboxOff } from '../errors.js';
import { listDevMail } from '../mail/dev-outbox.js';

export function devMailRoutes(app: ServiceApp, auth: Auth): void {
  const enabled = devOutboxEnabled(auth.config);
  for (const path of ['/api/dev/mail', '/api/auth/dev/mail']) {
    app.get(
      path,
      {
        schema: {
          hide: path !== '/api/dev/mail',
          tags: ['dev'],
          operationId: 'listDevMail',
          summary: 'Mails kept by the dev outbox (local installs only)',
          querystring: z.object({ to: z.string().max(254).optional().describe('Only mails to this address') }),
          response: { 200: z.array(devMailSchema), 404: errorBodySchema },
        },
      },
      async (request) => {
        if (!enabled) throw devOutboxOff();
        return listDevMail(auth.ctx.db, auth.tables, request.query.to);
      },
    );
  }
}
