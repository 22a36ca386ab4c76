/**
 * The dev outbox's listing route, one for every service that sends mail: newest first, 50 at most,
 * with the links each mail carries. Served only while the dev outbox is the transport in use
 * (MAIL_DEV_OUTBOX on, no SMTP_URL): on for `npm start`, off in production, where the path answers
 * 404 as if it did not exist. The web's development mailbox reads every service's and merges them.
 */
import { devMailSchema, ErrorCode, errorBodySchema } from '@kora/contracts';
import { z } from 'zod';
import type { DbOrTx } from '../db/database.js';
import { AppError } from '../errors.js';
import type { ServiceApp } from '../service.js';
import { devOutboxEnabled, type MailEnv } from './config.js';
import { listDevMail } from './dev-outbox-store.js';
import type { DevMailTable } from './dev-outbox-table.js';

export interface DevMailRouteOptions {
  path: string;
  /** Left out of the API docs: the one documented listing is auth's GET /api/dev/mail. */
  hide: boolean;
  config: Pick<MailEnv, 'MAIL_DEV_OUTBOX' | 'SMTP_URL'>;
  db: DbOrTx;
  table: DevMailTable;
}

export function devMailRoute(app: ServiceApp, options: DevMailRouteOptions): void {
  const enabled = devOutboxEnabled(options.config);
  app.get(
    options.path,
    {
      schema: {
        hide: options.hide,
        tags: ['dev'],
        operationId: 'listDevMail',
        summary: 'Mails kept by the dev outbox (local installs only)',
        querystring: z.object({ to: z.string().max(254).optional().describe('Only mails to this address') }),
        response: { 200: z.array(devMailSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      if (!enabled) throw new AppError(404, ErrorCode.DevOutboxOff, 'The dev mail outbox is off');
      return listDevMail(options.db, options.table, request.query.to);
    },
  );
}
