/**
 * The event foundation, against the embedded engines or (KORA_TEST_TARGET=real) PostgreSQL + Kafka:
 * an event written through one service's outbox is consumed exactly once by another, a replay has
 * no second effect, a rolled-back change publishes nothing, and malformed messages are dropped.
 */
import { createTestAdapters, eventually, type TestAdapters } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeMessage, consumerGroupName, rowsOf } from '../src/index.js';
import { startTwoServices, type TwoServices } from './two-services.js';

describe(`events through the outbox (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  let services: TwoServices;

  beforeAll(async () => {
    adapters = await createTestAdapters();
    services = await startTwoServices(adapters);
  });

  afterAll(async () => {
    await services?.stop();
    await adapters?.close();
  });

  it('delivers an outbox event to another service exactly once', async () => {
    await services.publish(3);
    await eventually(async () => (await services.receivedCount()) === 3, 30_000);
    expect(await services.producer.relay.pendingCount()).toBe(0);
    // Nothing more arrives later: still exactly three.
    await services.producer.relay.flush();
    expect(await services.receivedCount()).toBe(3);
  }, 60_000);

  it('gives a replayed event no second effect', async () => {
    const { producer, consumer } = services;
    const rows = rowsOf<{ topic: string; key: string; envelope: unknown }>(
      await adapters.database.db.execute(
        sql.raw(`select topic, key, envelope from ${producer.definition.schema}.outbox order by seq limit 1`),
      ),
    );
    const row = rows[0]!;
    const message = { topic: row.topic, key: row.key, value: JSON.stringify(row.envelope) };
    const consumerDef = consumer.definition.consumers!(consumer.ctx)[0]!;
    const result = await consumeMessage(
      {
        group: consumerGroupName(consumer.definition, consumerDef.name),
        handlers: consumerDef.handlers,
        db: adapters.database.db,
        tables: consumer.ctx.tables,
        bus: adapters.bus,
        log: consumer.ctx.log,
      },
      message,
    );
    expect(result).toBe('duplicate');
    expect(await services.receivedCount()).toBe(3);
  });

  it('publishes nothing for a change that rolled back', async () => {
    const { producer } = services;
    const before = await producer.relay.pendingCount();
    await expect(
      producer.ctx.transact(async (_tx, emit) => {
        emit({ type: 'site-settings.updated', aggregateId: 'general', actorId: 1, payload: { section: 'general', values: {} } });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const total = rowsOf<{ n: number }>(
      await adapters.database.db.execute(
        sql.raw(`select count(*)::int as n from ${producer.definition.schema}.outbox where key = 'general'`),
      ),
    );
    expect(total[0]!.n).toBe(0);
    expect(await producer.relay.pendingCount()).toBe(before);
  });

  it('refuses to write an event whose payload breaks its schema', async () => {
    await expect(
      services.producer.ctx.transact(async (_tx, emit) => {
        emit({ type: 'site-settings.updated', aggregateId: 'x', actorId: 1, payload: { section: 'nope' as 'general', values: {} } });
      }),
    ).rejects.toThrow();
  });

  it('drops a malformed message instead of retrying it forever', async () => {
    const { consumer } = services;
    const consumerDef = consumer.definition.consumers!(consumer.ctx)[0]!;
    const result = await consumeMessage(
      {
        group: 'posts.malformed-check',
        handlers: consumerDef.handlers,
        db: adapters.database.db,
        tables: consumer.ctx.tables,
        bus: adapters.bus,
        log: consumer.ctx.log,
      },
      { topic: 'admin.site-settings', key: 'k', value: '{not json' },
    );
    expect(result).toBe('ignored');
  });
});
