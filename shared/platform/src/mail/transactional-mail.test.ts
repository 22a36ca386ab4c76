/** The transactional mail sender on the test target's engine: the dev outbox row follows the caller's transaction. */
import { defaultSiteSettings } from '@kora/contracts';
import { createTestAdapters, uniqueName, type TestAdapters } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailSql, devMailTable } from './dev-outbox-table.js';
import { listDevMail } from './dev-outbox-store.js';
import { createTransactionalMailSender } from './service-mail.js';

const message = { to: 'ada@example.ng', subject: 'Your digest', text: 'Two unread: https://kora.ng/notifications' };

describe(`createTransactionalMailSender (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  const schema = uniqueName('txmail');

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await adapters.database.db.execute(sql.raw(`create schema ${schema}`));
    await adapters.database.db.execute(sql.raw(devMailSql.replaceAll('{schema}', schema)));
  });

  afterAll(async () => {
    await adapters?.database.db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
    await adapters?.close();
  });

  it('keeps a dev outbox mail with the transaction that sent it, and loses it with one that rolls back', async () => {
    const db = adapters.database.db;
    const devMail = devMailTable(pgSchema(schema));
    const sender = createTransactionalMailSender({
      settings: { current: () => defaultSiteSettings },
      config: { SMTP_URL: undefined, MAIL_DEV_OUTBOX: true, MAIL_FROM: 'Kora <no-reply@kora.local>' },
      devMail,
      log: pino({ level: 'silent' }),
    });
    await db.transaction((tx) => sender.send(message, tx));
    await expect(
      db.transaction(async (tx) => {
        await sender.send({ ...message, subject: 'Never sent' }, tx);
        throw new Error('the digest failed after the mail');
      }),
    ).rejects.toThrow('the digest failed');
    const kept = await listDevMail(db, devMail);
    expect(kept.map((m) => m.subject)).toEqual(['Your digest']);
    expect(kept[0]!.links).toEqual(['https://kora.ng/notifications']);
    await sender.close();
  });
});
