/**
 * The backlog probe against a real broker (skipped on the embedded engines, which have no groups):
 * a group's uncommitted messages count until its handler has finished with them.
 */
import { fileTopicPrefix, readUntil, testLog, testTarget, uniqueName } from '@kora/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { kafkaBacklogProbe, type GroupBacklog, type KafkaBacklogProbe } from './kafka-backlog.js';
import { KafkaEventBus } from './kafka-bus.js';

describe.skipIf(testTarget() !== 'real')('Kafka consumer groups backlog', () => {
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',');
  const topicPrefix = fileTopicPrefix();
  const bus = new KafkaEventBus({ brokers, clientId: uniqueName('backlog'), log: testLog, topicPrefix, partitions: 1 });
  const probes: KafkaBacklogProbe[] = [];
  const probe = async (startsAtEnd?: (group: string) => boolean) => {
    const opened = await kafkaBacklogProbe({ brokers, groupPrefix: topicPrefix, startsAtEnd });
    probes.push(opened);
    return opened;
  };
  const lagOf = (readings: GroupBacklog[], group: string) => readings.find((g) => g.group === topicPrefix + group);

  afterAll(async () => {
    await Promise.allSettled(probes.map((p) => p.close()));
    await bus.close();
  });

  it('counts what a group has not committed, nothing once its handler is done, and no group without members', async () => {
    const topic = 'backlog-test.things';
    await bus.ensureTopics([topic]);
    await bus.publish(Array.from({ length: 5 }, (_, i) => ({ topic, key: 'k', value: String(i) })));
    const backlog = await probe();

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = await bus.subscribe({ groupId: 'busy', topics: [topic], handle: () => gate });
    const held = await readUntil(
      () => backlog.read(),
      (r) => lagOf(r, 'busy')?.state === 'Stable',
      30_000,
    );
    expect(lagOf(held, 'busy')).toEqual({ group: `${topicPrefix}busy`, state: 'Stable', lag: 5 });
    // Named groups alone (a service's metrics read its own groups so): no listing, no other group.
    const named = await kafkaBacklogProbe({ brokers, groups: [`${topicPrefix}busy`] });
    probes.push(named);
    expect(await named.read()).toEqual([{ group: `${topicPrefix}busy`, state: 'Stable', lag: 5 }]);

    release();
    const done = await readUntil(
      () => backlog.read(),
      (r) => lagOf(r, 'busy')?.lag === 0,
      30_000,
    );
    expect(lagOf(done, 'busy')?.lag).toBe(0);

    await busy.stop();
    const gone = await readUntil(
      () => backlog.read(),
      (r) => !lagOf(r, 'busy'),
      30_000,
    );
    expect(lagOf(gone, 'busy')).toBeUndefined();
  }, 90_000);

  it('counts nothing on partitions a group that starts at the end has not committed', async () => {
    const topic = 'backlog-test.history';
    await bus.ensureTopics([topic]);
    await bus.publish(Array.from({ length: 3 }, (_, i) => ({ topic, key: 'k', value: String(i) })));
    const live = await bus.subscribe({ groupId: 'live', topics: [topic], fromBeginning: false, handle: async () => {} });
    const knowing = await probe((group) => group.endsWith('.live'));
    const unknowing = await probe();
    const seen = await readUntil(
      () => knowing.read(),
      (r) => lagOf(r, 'live')?.state === 'Stable',
      30_000,
    );
    expect(lagOf(seen, 'live')?.lag).toBe(0);
    // Without being told, the probe cannot know where such a group starts: it counts the history.
    expect(lagOf(await unknowing.read(), 'live')?.lag).toBe(3);
    await live.stop();
  }, 90_000);
});
