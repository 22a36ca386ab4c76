/**
 * A gathering group (SubscribeOptions.gatherMs) on the real broker: events published a tenth of a
 * second apart reach it in one or two fetches, where a group that does not gather is handed them
 * as they come. Runs against Kafka only: the memory bus delivers at once by design.
 */
import { createTestAdapters, eventually, uniqueName, type TestAdapters } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage, Subscription } from '../src/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.env.KORA_TEST_TARGET !== 'real')('a consumer group that gathers its fetches (Kafka)', () => {
  let adapters: TestAdapters;
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    adapters = await createTestAdapters();
  });

  afterAll(async () => {
    await Promise.all(subscriptions.map((s) => s.stop()));
    await adapters?.close();
  });

  /** Subscribes a fresh group to `topic` and answers the runs of messages handed to it. */
  async function runsOf(topic: string, gatherMs?: number): Promise<BusMessage[][]> {
    const runs: BusMessage[][] = [];
    subscriptions.push(
      await adapters.bus.subscribe({
        groupId: uniqueName('gather'),
        topics: [topic],
        gatherMs,
        handle: async (message) => void runs.push([message]),
        handleBatch: async (messages) => void runs.push(messages),
      }),
    );
    return runs;
  }

  it('takes six events sent 100 ms apart in at most two runs; a plain group gets them one by one', async () => {
    const topic = uniqueName('test.gather');
    await adapters.bus.ensureTopics([topic]);
    const gathered = await runsOf(topic, 2_000);
    const plain = await runsOf(topic);
    // Both groups have joined once a first event reached each.
    await adapters.bus.publish([{ topic, key: 'k', value: 'first' }]);
    await eventually(async () => gathered.length > 0 && plain.length > 0, 60_000);
    gathered.length = 0;
    plain.length = 0;

    for (let i = 0; i < 6; i++) {
      await adapters.bus.publish([{ topic, key: 'k', value: `event ${i}` }]);
      await sleep(100);
    }
    const count = (runs: BusMessage[][]) => runs.reduce((sum, run) => sum + run.length, 0);
    await eventually(async () => count(gathered) === 6 && count(plain) === 6, 30_000);
    expect(gathered.flat().map((m) => m.value)).toEqual(plain.flat().map((m) => m.value));
    expect(gathered.length).toBeLessThanOrEqual(2);
    expect(plain.length).toBeGreaterThan(2);
  }, 120_000);
});
