/**
 * The event foundation, against the embedded engines or (KORA_TEST_TARGET=real) PostgreSQL + Kafka:
 * an event written through one service's outbox is consumed exactly once by another, a replay has
 * no second effect, a rolled-back change publishes nothing, and malformed messages are dropped.
 */
import { createTestAdapters, eventually, type TestAdapters } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvelope, consumeBatch, consumeMessage, consumerGroupName, rowsOf, type ConsumerOptions } from '../src/index.js';
import { countingCalls, uniqueName } from '@kora/testing';
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

  describe('a run of events at once (consumeBatch)', () => {
    const event = (values: Record<string, unknown>) => {
      const envelope = buildEnvelope({
        type: 'site-settings.updated',
        aggregateId: 'moderation',
        actorId: 1,
        payload: { section: 'moderation', values: { marker: services.marker, ...values } },
      });
      return { topic: 'admin.site-settings', key: 'moderation', value: JSON.stringify(envelope) };
    };
    /** The consumer's handler on a group of the test's own, which throws for an event marked `fail`. */
    const options = (): ConsumerOptions => {
      const consumer = services.consumer;
      const received = `${consumer.definition.schema}.received`;
      return {
        group: uniqueName('batch'),
        handlers: {
          'site-settings.updated': async (e, tx) => {
            if (e.payload.values.fail) throw new Error('this event cannot be handled');
            await tx.execute(sql`insert into ${sql.raw(received)} (event_id, marker) values (${e.id}, ${services.marker})`);
          },
        },
        db: adapters.database.db,
        tables: consumer.ctx.tables,
        bus: adapters.bus,
        log: consumer.ctx.log,
      };
    };
    const stored = async (message: { value: string }) => {
      const id = (JSON.parse(message.value) as { id: string }).id;
      const result = await adapters.database.db.execute(
        sql`select count(*)::int as n from ${sql.raw(services.consumer.definition.schema)}.received where event_id = ${id}`,
      );
      return rowsOf<{ n: number }>(result)[0]!.n;
    };

    it('handles each event once, in order; a replay inside the run is a duplicate, a malformed message ignored', async () => {
      const [a, b, c] = [event({ i: 'a' }), event({ i: 'b' }), event({ i: 'c' })];
      const consumer = options();
      const results = await consumeBatch(consumer, [a, b, a, { topic: 'admin.site-settings', key: 'x', value: '{not json' }, c]);
      expect(results).toEqual(['processed', 'processed', 'duplicate', 'ignored', 'processed']);
      expect([await stored(a), await stored(b), await stored(c)]).toEqual([1, 1, 1]);
      // Delivered again (a redelivery after a crash): nothing happens twice.
      expect(await consumeBatch(consumer, [a, b])).toEqual(['duplicate', 'duplicate']);
    });

    it('keeps nothing of a run whose handler fails, then handles each on its own: those before the bad one stay done', async () => {
      const [good, bad, after] = [event({ i: 'good' }), event({ fail: true }), event({ i: 'after' })];
      const consumer = options();
      await expect(consumeBatch(consumer, [good, bad, after])).rejects.toThrow('this event cannot be handled');
      expect([await stored(good), await stored(after)]).toEqual([1, 0]);
      // The bus delivers the run again from the bad event on: the good one is not done twice.
      await expect(consumeBatch(consumer, [good, bad, after])).rejects.toThrow('this event cannot be handled');
      expect(await stored(good)).toBe(1);
    });

    it('asks `needed` first: an event it turns down is ignored without a transaction or a record, and handled once it is needed', async () => {
      const [skipped, kept] = [event({ i: 'skipped' }), event({ i: 'kept' })];
      let wanted = new Set<string>([kept.value]);
      const base = options();
      const { counted, calls: transactions } = countingCalls(base.db, 'transaction');
      const consumer: ConsumerOptions = {
        ...base,
        db: counted,
        needed: async (e) => [...wanted].some((value) => value.includes(e.id)),
      };
      expect(await consumeBatch(consumer, [skipped])).toEqual(['ignored']);
      expect(transactions()).toBe(0);
      expect(await consumeBatch(consumer, [skipped, kept])).toEqual(['ignored', 'processed']);
      expect(transactions()).toBe(1);
      expect([await stored(skipped), await stored(kept)]).toEqual([0, 1]);
      // Needed by the time it is delivered again (a device subscribed since): handled then, once.
      wanted = new Set([skipped.value, kept.value]);
      expect(await consumeMessage(consumer, skipped)).toBe('processed');
      expect(await consumeBatch(consumer, [skipped, kept])).toEqual(['duplicate', 'duplicate']);
      expect([await stored(skipped), await stored(kept)]).toEqual([1, 1]);
    });
  });
});
