/**
 * A Kafka outage delays events and loses none: the broker is stopped in the middle of a stream of
 * events (the relay keeps them pending in the outbox while it is down) and started again; every
 * event then arrives exactly once. Runs only against the broker the harness started itself.
 */
import { createTestAdapters, eventually, type TestAdapters } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRestartKafka, startKafka, stopKafka } from '../../../scripts/servers.mjs';
import { startTwoServices, type TwoServices } from './two-services.js';

describe.skipIf(!canRestartKafka())('Kafka broker restart', () => {
  let adapters: TestAdapters;
  let services: TwoServices;

  beforeAll(async () => {
    adapters = await createTestAdapters();
    services = await startTwoServices(adapters);
  });

  afterAll(async () => {
    await startKafka().catch(() => {}); // never leave the shared broker down for later tests
    await services?.stop();
    await adapters?.close();
  }, 120_000);

  it('loses no event when the broker stops and comes back mid-stream', async () => {
    await services.publish(5);
    await eventually(async () => (await services.receivedCount()) === 5, 30_000);

    await stopKafka({ signal: 'SIGKILL' });
    await services.publish(10); // written while the broker is down: they wait in the outbox
    expect(await services.producer.relay.pendingCount()).toBeGreaterThan(0);

    await startKafka();
    await eventually(async () => (await services.receivedCount()) === 15, 90_000, 250);
    await eventually(async () => (await services.producer.relay.pendingCount()) === 0, 30_000);
    expect(await services.receivedCount()).toBe(15);
  }, 180_000);
});
