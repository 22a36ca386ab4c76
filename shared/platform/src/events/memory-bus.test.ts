import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from './memory-bus.js';

describe('MemoryEventBus', () => {
  it('delivers each message once per consumer group, in key order, retrying failures', async () => {
    const bus = new MemoryEventBus();
    const a: string[] = [];
    const b: string[] = [];
    let failOnce = true;
    await bus.subscribe({ groupId: 'a', topics: ['t'], handle: async (m) => void a.push(m.value) });
    await bus.subscribe({
      groupId: 'b',
      topics: ['t'],
      handle: async (m) => {
        if (m.value === '2' && failOnce) {
          failOnce = false;
          throw new Error('transient');
        }
        b.push(m.value);
      },
    });
    await bus.publish(['1', '2', '3'].map((value) => ({ topic: 't', key: 'same', value })));
    await bus.publish([{ topic: 'other', key: 'x', value: 'ignored' }]);
    await bus.drain();
    expect(a).toEqual(['1', '2', '3']);
    expect(b).toEqual(['1', '2', '3']);
    await bus.close();
  });

  it('replays the latest event per key of a compacted topic to a late subscriber', async () => {
    const bus = new MemoryEventBus();
    const topic = 'admin.site-settings';
    await bus.publish([
      { topic, key: 'general', value: 'g1' },
      { topic, key: 'features', value: 'f1' },
      { topic, key: 'general', value: 'g2' },
    ]);
    const seen: string[] = [];
    await bus.subscribe({ groupId: 'late', topics: [topic], handle: async (m) => void seen.push(m.value) });
    await bus.drain();
    expect(seen.sort()).toEqual(['f1', 'g2']);
    await bus.close();
  });

  it('skips the retained messages for a subscriber that starts at the latest offset', async () => {
    const bus = new MemoryEventBus();
    const topic = 'admin.site-settings';
    await bus.publish([{ topic, key: 'general', value: 'old' }]);
    const seen: string[] = [];
    await bus.subscribe({ groupId: 'live', topics: [topic], fromBeginning: false, handle: async (m) => void seen.push(m.value) });
    await bus.publish([{ topic, key: 'general', value: 'new' }]);
    await bus.drain();
    expect(seen).toEqual(['new']);
    await bus.close();
  });

  it('keeps what is published while the product starts for the groups that subscribe later in the start, and no longer after it', async () => {
    const bus = new MemoryEventBus(undefined, { keepStartupLog: true });
    const topic = 'auth.user';
    await bus.publish([
      { topic, key: '1', value: 'registered' },
      { topic, key: '1', value: 'activated' },
    ]);
    const early: string[] = [];
    await bus.subscribe({ groupId: 'admin', topics: [topic], handle: async (m) => void early.push(m.value) });
    bus.startupOver();
    await bus.publish([{ topic, key: '2', value: 'later' }]);
    const late: string[] = [];
    await bus.subscribe({ groupId: 'restarted', topics: [topic], handle: async (m) => void late.push(m.value) });
    await bus.publish([{ topic, key: '3', value: 'live' }]);
    await bus.drain();
    // Each key in order; keys side by side.
    expect(early.filter((v) => v === 'registered' || v === 'activated')).toEqual(['registered', 'activated']);
    expect([...early].sort()).toEqual(['activated', 'later', 'live', 'registered']);
    expect(late).toEqual(['live']);
    await bus.close();
  });

  it('keeps nothing but compacted topics without a startup log (a test bus)', async () => {
    const bus = new MemoryEventBus();
    await bus.publish([{ topic: 'auth.user', key: '1', value: 'registered' }]);
    const seen: string[] = [];
    await bus.subscribe({ groupId: 'late', topics: ['auth.user'], handle: async (m) => void seen.push(m.value) });
    await bus.drain();
    expect(seen).toEqual([]);
    await bus.close();
  });

  it('refuses two subscriptions with one group id', async () => {
    const bus = new MemoryEventBus();
    await bus.subscribe({ groupId: 'g', topics: ['t'], handle: async () => {} });
    await expect(bus.subscribe({ groupId: 'g', topics: ['t'], handle: async () => {} })).rejects.toThrow(/already subscribed/);
    await bus.close();
  });
});
