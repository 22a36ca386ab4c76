import { readUntil } from '@kora/testing';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CONSUMER_CRASH, superviseConsumer, type SupervisedConsumer } from './consumer-supervisor.js';

type Listener = (event: { payload: { error: Error; restart: boolean } }) => void;

/** A consumer that can be made to crash the way kafkajs reports it. */
class FakeConsumer implements SupervisedConsumer {
  private readonly listeners: Listener[] = [];
  disconnected = false;
  on(event: string, listener: Listener) {
    expect(event).toBe(CONSUMER_CRASH);
    this.listeners.push(listener);
  }
  async disconnect() {
    this.disconnected = true;
  }
  crash(restart: boolean) {
    for (const listener of this.listeners) listener({ payload: { error: new Error('The coordinator is loading'), restart } });
  }
}

const log = pino({ level: 'silent' });
/** Polls for up to 5 s: the restarts take milliseconds, but a busy test process can stall for more. */
const until = async (check: () => boolean) => expect(await readUntil(async () => check(), Boolean, 5_000, 5)).toBe(true);

function factory(failures = 0) {
  const made: FakeConsumer[] = [];
  let failing = failures;
  const start = async () => {
    if (failing-- > 0) throw new Error('broker not ready');
    const consumer = new FakeConsumer();
    made.push(consumer);
    return consumer;
  };
  return { made, start };
}

describe('superviseConsumer', () => {
  it('starts a new consumer after a crash kafkajs does not restart, and stops the current one', async () => {
    const { made, start } = factory();
    const supervisor = await superviseConsumer(start, { groupId: 'posts.projections', log, delayMs: () => 1 });
    made[0]!.crash(false);
    await until(() => made.length === 2);
    expect(made[0]!.disconnected).toBe(true);
    expect(supervisor.restarts()).toBe(1);

    // The new one is watched too.
    made[1]!.crash(false);
    await until(() => made.length === 3);
    await supervisor.stop();
    expect(made[2]!.disconnected).toBe(true);
  });

  it('leaves a crash kafkajs restarts itself to kafkajs', async () => {
    const { made, start } = factory();
    const supervisor = await superviseConsumer(start, { groupId: 'g', log, delayMs: () => 1 });
    made[0]!.crash(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(made).toHaveLength(1);
    expect(made[0]!.disconnected).toBe(false);
    await supervisor.stop();
  });

  it('keeps trying while the new consumer cannot start, with growing delays', async () => {
    const { made, start } = factory();
    const attempts: number[] = [];
    const supervisor = await superviseConsumer(
      async () => {
        // The first start succeeds; the next three fail (broker still loading), the fourth works.
        if (made.length === 1 && attempts.length < 3) {
          attempts.push(attempts.length);
          throw new Error('broker not ready');
        }
        return start();
      },
      { groupId: 'g', log, delayMs: (attempt) => attempt },
    );
    made[0]!.crash(false);
    await until(() => made.length === 2);
    expect(attempts).toEqual([0, 1, 2]);
    await supervisor.stop();
  });

  it('starts nothing after stop, even when a restart was already scheduled', async () => {
    const { made, start } = factory();
    const supervisor = await superviseConsumer(start, { groupId: 'g', log, delayMs: () => 20 });
    made[0]!.crash(false);
    await supervisor.stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(made).toHaveLength(1);
  });

  it('lets the first start fail to the caller', async () => {
    const { start } = factory(1);
    await expect(superviseConsumer(start, { groupId: 'g', log })).rejects.toThrow('broker not ready');
  });
});
