/**
 * The outbox relay's poll while nothing happens: it stretches (a transaction per pass is what an
 * idle service pays), yet a row written without a nudge (another process, a replica) is still
 * published, and a nudge still publishes.
 */
import { createTestAdapters, eventually, testLog, uniqueName, type TestAdapters } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import { platformTables } from '../db/platform-tables.js';
import type { EventBus } from './bus.js';
import { writeToOutbox } from './outbox.js';
import { IDLE_STRETCH, OutboxRelay } from './relay.js';

const POLL_MS = 20;

describe(`the outbox relay's poll (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  const schema = uniqueName('relay');
  const published: string[] = [];
  const bus = {
    publish: async (messages: { value: string }[]) => void published.push(...messages.map((m) => m.value)),
  } as unknown as EventBus;

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await migrate(adapters.database, schema, []);
  });
  afterAll(async () => adapters?.close());

  /** A relay whose passes are counted (each pass is one transaction). */
  function countedRelay() {
    const db = adapters.database.db;
    let passes = 0;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'transaction') {
          return (...args: Parameters<typeof db.transaction>) => {
            passes += 1;
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const relay = new OutboxRelay({ db: counting, schema, bus, log: testLog, pollMs: POLL_MS });
    return { relay, passes: () => passes };
  }

  const write = (marker: string) =>
    adapters.database.db.transaction((tx) =>
      writeToOutbox(tx, platformTables(schema), [
        { type: 'site-settings.updated', aggregateId: 'general', actorId: 1, payload: { section: 'general', values: { marker } } },
      ]),
    );
  const seen = (marker: string) => published.some((value) => value.includes(marker));

  it('stretches its poll while the outbox stays empty, and still publishes what others write', async () => {
    const { relay, passes } = countedRelay();
    relay.start();
    try {
      // Long enough for the stretch to reach its end (the waits before it add up to under 2 × 16 polls).
      const span = POLL_MS * IDLE_STRETCH * 8;
      await new Promise((resolve) => setTimeout(resolve, span));
      // One pass a poll would be span / POLL_MS of them; stretched, it is a handful.
      expect(passes()).toBeLessThan(span / POLL_MS / 4);

      await write('written-elsewhere');
      await eventually(async () => seen('written-elsewhere'), 10_000, 20);

      await new Promise((resolve) => setTimeout(resolve, span));
      const before = passes();
      await write('nudged');
      relay.nudge();
      await eventually(async () => seen('nudged'), 10_000, 5);
      expect(passes()).toBeGreaterThan(before);
    } finally {
      await relay.stop();
    }
  });
});
