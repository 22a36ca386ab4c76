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

  it('refuses two subscriptions with one group id', async () => {
    const bus = new MemoryEventBus();
    await bus.subscribe({ groupId: 'g', topics: ['t'], handle: async () => {} });
    await expect(bus.subscribe({ groupId: 'g', topics: ['t'], handle: async () => {} })).rejects.toThrow(/already subscribed/);
    await bus.close();
  });
});
