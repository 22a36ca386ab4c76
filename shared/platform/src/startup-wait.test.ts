import { describe, expect, it } from 'vitest';
import { waitUntilReady } from './startup-wait.js';

/** A clock that only moves when the code under test sleeps. */
function fakeClock() {
  let time = 0;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => time,
    sleep: async (ms: number) => {
      pauses.push(ms);
      time += ms;
    },
  };
}

const quietLog = { warn: () => {} };

describe('waitUntilReady', () => {
  it('retries with growing pauses until the database answers', async () => {
    const clock = fakeClock();
    let calls = 0;
    const database = {
      ping: async () => {
        calls++;
        if (calls < 4) throw new Error('connect ECONNREFUSED');
      },
    };
    await waitUntilReady('database', () => database.ping(), quietLog, { timeoutMs: 60_000, ...clock });
    expect(calls).toBe(4);
    expect(clock.pauses).toEqual([250, 500, 1_000]);
  });

  it('gives up with the last error once the deadline has passed', async () => {
    const clock = fakeClock();
    const database = {
      ping: async () => {
        throw new Error('password authentication failed');
      },
    };
    await expect(
      waitUntilReady('database', () => database.ping(), quietLog, { timeoutMs: 3_000, maxDelayMs: 1_000, ...clock }),
    ).rejects.toThrow('password authentication failed');
    expect(clock.now()).toBe(3_000);
    expect(clock.pauses).toEqual([250, 500, 1_000, 1_000, 250]);
  });

  it('does not wait when the database answers at once', async () => {
    const clock = fakeClock();
    expect(await waitUntilReady('database', async () => 'answer', quietLog, { timeoutMs: 1_000, ...clock })).toBe('answer');
    expect(clock.pauses).toEqual([]);
  });
});
