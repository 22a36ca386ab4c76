/**
 * Two small services for the event tests: a producer that writes `site-settings.updated` through
 * its outbox, and a consumer that counts what it receives in its own table. They use the real
 * runtime (migrations, relay, consumers), only their routes are test-made.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, startService, type Adapters, type RunningService, type ServiceDefinition } from '../src/index.js';
import { testEnv, testLog, uniqueName } from '@kora/testing';

export interface TwoServices {
  producer: RunningService;
  consumer: RunningService;
  /** The marker this test's events carry, so a shared broker's older events are not counted. */
  marker: string;
  publish(n: number): Promise<void>;
  receivedCount(): Promise<number>;
  stop(): Promise<void>;
}

export async function startTwoServices(adapters: Adapters): Promise<TwoServices> {
  const marker = uniqueName('run');
  const consumerSchema = uniqueName('cons');
  const consumerName = uniqueName('settings');
  const producerDef: ServiceDefinition = {
    name: 'admin',
    description: 'test producer',
    schema: uniqueName('prod'),
    migrations: [],
    routes() {},
  };
  const consumerDef: ServiceDefinition = {
    name: 'posts',
    description: 'test consumer',
    schema: consumerSchema,
    migrations: [{ id: '0001_received', sql: 'create table {schema}.received (event_id uuid primary key, marker text not null)' }],
    routes() {},
    consumers: () => [
      {
        name: consumerName,
        handlers: {
          'site-settings.updated': async (event, tx) => {
            if (event.payload.values.marker !== marker) return;
            // A plain insert: a second delivery of the same event would violate the primary key,
            // so the test fails loudly if idempotency ever breaks.
            await tx.execute(sql`insert into ${sql.raw(consumerSchema)}.received (event_id, marker) values (${event.id}, ${marker})`);
          },
        },
      },
    ],
  };
  const env = testEnv();
  const options = { env, log: testLog, adapters, ownsAdapters: false, listen: false };
  const consumer = await startService(consumerDef, options);
  const producer = await startService(producerDef, options);
  return {
    producer,
    consumer,
    marker,
    async publish(n) {
      for (let i = 0; i < n; i++) {
        await producer.ctx.transact(async (_tx, emit) => {
          emit({
            type: 'site-settings.updated',
            aggregateId: 'moderation',
            actorId: 1,
            payload: { section: 'moderation', values: { marker, i } },
          });
        });
      }
    },
    async receivedCount() {
      const result = await adapters.database.db.execute(sql.raw(`select count(*) as n from ${consumerSchema}.received`));
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },
    async stop() {
      await producer.stop();
      await consumer.stop();
    },
  };
}
