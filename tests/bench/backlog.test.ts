import { describe, expect, it } from 'vitest';
import { describeBacklog, isSettled, untilSettled, type Backlog, type BacklogProbe } from './backlog.js';

const clean: Backlog = { groups: [{ group: 'posts.projections', state: 'Stable', lag: 0 }], outbox: {} };

function probeOf(readings: Backlog[]): BacklogProbe & { reads: number } {
  const probe = {
    reads: 0,
    read: () => Promise.resolve(readings[Math.min(probe.reads++, readings.length - 1)]!),
    close: async () => {},
  };
  return probe;
}

describe('the bench waits for the event backlog', () => {
  it('counts lag, unpublished outbox rows and rebalancing groups as work left', () => {
    expect(isSettled(clean)).toBe(true);
    expect(isSettled({ ...clean, groups: [{ group: 'notifications.writer', state: 'Stable', lag: 3 }] })).toBe(false);
    expect(isSettled({ ...clean, groups: [{ group: 'notifications.writer', state: 'PreparingRebalance', lag: 0 }] })).toBe(false);
    expect(isSettled({ ...clean, outbox: { notifications: 2 } })).toBe(false);
    expect(describeBacklog({ groups: [{ group: 'notifications.writer', state: 'Stable', lag: 23_995 }], outbox: { posts: 4 } })).toBe(
      'notifications.writer 23,995, posts outbox 4',
    );
    expect(describeBacklog(clean)).toBe('none');
  });

  it('asks for three clean readings in a row: one clean reading between two busy ones is not enough', async () => {
    const busy: Backlog = { ...clean, outbox: { notifications: 1 } };
    const probe = probeOf([busy, clean, busy, clean, clean, clean]);
    await untilSettled(probe, 60_000);
    expect(probe.reads).toBe(6);
  });

  it('takes a reading that failed as not settled, and reads again', async () => {
    const readings = [new Error('This server is not the leader for that topic-partition'), clean, clean, clean];
    const probe = {
      reads: 0,
      read: () => {
        const next = readings[Math.min(probe.reads++, readings.length - 1)]!;
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
      close: () => Promise.resolve(),
    };
    await untilSettled(probe, 60_000);
    expect(probe.reads).toBe(4);
    await expect(untilSettled({ read: () => Promise.reject(new Error('no leader')), close: () => Promise.resolve() }, 600)).rejects.toThrow(
      /could not be read \(no leader\)/,
    );
  });

  it('fails with what is left when the backlog does not go', async () => {
    const stuck: Backlog = { ...clean, groups: [{ group: 'notifications.writer', state: 'Stable', lag: 7 }] };
    await expect(untilSettled(probeOf([stuck]), 1_200)).rejects.toThrow(/notifications.writer 7/);
  });
});
