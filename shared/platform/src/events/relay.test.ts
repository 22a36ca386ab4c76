/**
 * The outbox relay. Its poll while nothing happens: it stretches (a transaction per pass is what an
 * idle service pays), yet a row written without a nudge (another process, a replica) is still
 * published, and a nudge still publishes. Its passes (two round trips each, decision 050): two
 * relays on one outbox publish every row once and in order; a pass that finds the turn taken sends
 * nothing; a publish the bus refuses leaves its rows pending until a later pass sends them.
 */
import { countingCalls, createTestAdapters, eventually, testLog, uniqueName, type TestAdapters } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import { platformTables } from '../db/platform-tables.js';
import type { BusMessage, EventBus } from './bus.js';
import { buildEnvelope, writeEnvelopes, writeToOutbox } from './outbox.js';
import { IDLE_STRETCH, OutboxRelay } from './relay.js';

const POLL_MS = 20;

describe(`the outbox relay's poll (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  const schema = uniqueName('relay');
  const published: string[] = [];
  const headers: (Record<string, string> | undefined)[] = [];
  const bus = {
    publish: async (messages: BusMessage[]) => {
      published.push(...messages.map((m) => m.value));
      headers.push(...messages.map((m) => m.headers));
    },
  } as unknown as EventBus;

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await migrate(adapters.database, schema, []);
  });
  afterAll(async () => adapters?.close());

  /** A relay whose passes are counted (each pass is one transaction). */
  function countedRelay() {
    const { counted, calls } = countingCalls(adapters.database, 'twoTripTransaction');
    const relay = new OutboxRelay({ database: counted, schema, bus, log: testLog, pollMs: POLL_MS });
    return { relay, passes: calls };
  }

  const write = (marker: string) =>
    adapters.database.db.transaction((tx) =>
      writeToOutbox(tx, platformTables(schema), [
        { type: 'site-settings.updated', aggregateId: 'general', actorId: 1, payload: { section: 'general', values: { marker } } },
      ]),
    );
  const seen = (marker: string) => published.some((value) => value.includes(marker));

  it("hands an event's trace context to the bus as a header, and none for an event without one", async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const event = (marker: string) =>
      buildEnvelope({
        type: 'site-settings.updated',
        aggregateId: 'general',
        actorId: 1,
        payload: { section: 'general', values: { marker } },
      });
    await adapters.database.db.transaction((tx) =>
      writeEnvelopes(tx, platformTables(schema), [{ ...event('traced'), traceparent }, event('untraced')]),
    );
    const relay = new OutboxRelay({ database: adapters.database, schema, bus, log: testLog, pollMs: POLL_MS });
    await relay.flush();
    const headerOf = (marker: string) => headers[published.findIndex((value) => value.includes(marker))];
    expect(headerOf('traced')).toEqual({ traceparent });
    expect(headerOf('untraced')).toBeUndefined();
  });

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

  describe('its passes', () => {
    const passSchema = uniqueName('relaypass');
    beforeAll(async () => migrate(adapters.database, passSchema, []));

    const writeTo = (marker: string) =>
      adapters.database.db.transaction((tx) =>
        writeToOutbox(tx, platformTables(passSchema), [
          { type: 'site-settings.updated', aggregateId: 'general', actorId: 1, payload: { section: 'general', values: { marker } } },
        ]),
      );
    const markerOf = (value: string) => (JSON.parse(value) as { payload: { values: { marker: string } } }).payload.values.marker;
    /** A bus that records what it is sent, and can be told to refuse or to hold a publish. */
    function recordingBus() {
      const sent: string[] = [];
      let refuse = 0;
      let hold: Promise<void> | null = null;
      let entered!: () => void;
      /** Resolves once a publish is under way (with the relay's turn in hand). */
      const publishing = new Promise<void>((resolve) => (entered = resolve));
      const bus = {
        publish: async (messages: { value: string }[]) => {
          entered();
          if (hold) await hold;
          if (refuse > 0) {
            refuse -= 1;
            throw new Error('broker unavailable');
          }
          sent.push(...messages.map((m) => markerOf(m.value)));
        },
      } as unknown as EventBus;
      return { bus, sent, publishing, refuseNext: () => void (refuse += 1), holdUntil: (p: Promise<void>) => void (hold = p) };
    }
    const relayOn = (bus: EventBus) =>
      new OutboxRelay({ database: adapters.database, schema: passSchema, bus, log: testLog, pollMs: 10_000 });

    it('publishes every row once and in order when two relays share the outbox', async () => {
      const { bus, sent } = recordingBus();
      const [first, second] = [relayOn(bus), relayOn(bus)];
      const markers = Array.from({ length: 60 }, (_, i) => `both-${i}`);
      // Written one after another, each followed by both relays flushing at once: they race for each turn.
      for (const marker of markers) {
        await writeTo(marker);
        await Promise.all([first.flush(), second.flush()]);
      }
      await Promise.all([first.flush(), second.flush()]);
      expect(sent).toEqual(markers);
      expect(await first.pendingCount()).toBe(0);
    });

    // PGlite is one session: a second pass waits for the first's transaction rather than meeting its turn.
    it.skipIf(process.env.KORA_TEST_TARGET !== 'real')(
      'sends nothing on a pass that finds the turn taken, and the holder sends it all once',
      async () => {
        const { bus, sent, publishing, holdUntil } = recordingBus();
        const quiet = recordingBus();
        let release!: () => void;
        holdUntil(new Promise<void>((resolve) => (release = resolve)));
        await writeTo('held-1');
        await writeTo('held-2');
        const holder = relayOn(bus).flush();
        // The holder has read its rows and waits on the bus with the turn in hand.
        await publishing;
        expect(await relayOn(quiet.bus).flush()).toBe(0);
        expect(quiet.sent).toEqual([]);
        release();
        expect(await holder).toBe(2);
        expect(sent).toEqual(['held-1', 'held-2']);
        expect(quiet.sent).toEqual([]);
      },
    );

    it('keeps rows the bus refused pending, then publishes them once', async () => {
      const { bus, sent, refuseNext } = recordingBus();
      const relay = relayOn(bus);
      await writeTo('refused-1');
      refuseNext();
      await expect(relay.flush()).rejects.toThrow('outbox publish failed: broker unavailable');
      expect(sent).toEqual([]);
      expect(await relay.pendingCount()).toBe(1);
      // The back-off (250 ms after the first failure) is waited out by a later pass.
      await eventually(async () => (await relay.flush()) === 1, 10_000, 50);
      expect(sent).toEqual(['refused-1']);
      expect(await relay.pendingCount()).toBe(0);
    });
  });
});
