/**
 * How far behind each running Kafka consumer group is: for every partition a live member of the
 * group is assigned, the messages between the group's committed offset and the partition's end.
 * Groups without members (a stopped run's, or a stopped test stage's) are not counted: nobody is
 * going to work them off.
 *
 * For whoever must know that the services have finished reacting to what was sent (the bench
 * waits for an empty backlog before it measures: docs/performance.md); the consumers themselves
 * never need it.
 */
import { AssignerProtocol, Kafka, logLevel, type Admin } from 'kafkajs';
import type { KafkaSecurity } from './kafka-security.js';

export interface GroupBacklog {
  group: string;
  /** Kafka's group state: only `Stable` has settled assignments (a rebalancing group's are empty). */
  state: string;
  /** Messages not yet committed by the group, over all its assigned partitions. */
  lag: number;
}

export interface KafkaBacklogOptions {
  brokers: string[];
  /** Only groups whose name starts with this (KAFKA_TOPIC_PREFIX); every group when empty. */
  groupPrefix?: string;
  /**
   * Groups that subscribed with `fromBeginning: false` (bus.ts). Such a group starts at the end of
   * a partition it has no commit for, and commits only once a message comes, so an uncommitted
   * partition is no backlog for it; for every other group it is the whole partition.
   */
  startsAtEnd?: (group: string) => boolean;
  /** TLS and SASL (kafkaSecurity(env)); none: plaintext. */
  security?: KafkaSecurity;
  /**
   * Exactly these groups (as the cluster names them), instead of every group of the cluster: a
   * service reading its own groups' lag for its metrics spares the broker the listing (decision 052).
   */
  groups?: readonly string[];
}

/** One admin connection, kept for repeated readings; `close()` when done. */
export interface KafkaBacklogProbe {
  read(): Promise<GroupBacklog[]>;
  close(): Promise<void>;
}

export async function kafkaBacklogProbe(options: KafkaBacklogOptions): Promise<KafkaBacklogProbe> {
  const kafka = new Kafka({ clientId: 'kafka-backlog', brokers: options.brokers, logLevel: logLevel.NOTHING, ...options.security });
  const admin = kafka.admin();
  await admin.connect();
  return {
    read: () => readBacklog(admin, options.groupPrefix ?? '', options.startsAtEnd ?? (() => false), options.groups),
    close: () => admin.disconnect(),
  };
}

async function readBacklog(
  admin: Admin,
  prefix: string,
  startsAtEnd: (group: string) => boolean,
  only: readonly string[] | undefined,
): Promise<GroupBacklog[]> {
  const ids = only ? [...only] : (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(prefix));
  if (ids.length === 0) return [];
  const described = await admin.describeGroups(ids);
  const ends = new Map<string, Map<number, { high: number; low: number }>>();
  const endsOf = async (topic: string) => {
    let byPartition = ends.get(topic);
    if (!byPartition) {
      const offsets = await admin.fetchTopicOffsets(topic);
      byPartition = new Map(offsets.map((o) => [o.partition, { high: Number(o.high), low: Number(o.low) }]));
      ends.set(topic, byPartition);
    }
    return byPartition;
  };

  const out: GroupBacklog[] = [];
  for (const group of described.groups) {
    if (group.members.length === 0) continue;
    const assigned = assignedPartitions(group.members.map((m) => m.memberAssignment));
    if (group.state !== 'Stable' || assigned.size === 0) {
      out.push({ group: group.groupId, state: group.state, lag: 0 });
      continue;
    }
    const offsets = await admin.fetchOffsets({ groupId: group.groupId, topics: [...assigned.keys()] });
    let lag = 0;
    for (const { topic, partitions } of offsets) {
      const topicEnds = await endsOf(topic);
      for (const { partition, offset } of partitions) {
        if (!assigned.get(topic)!.has(partition)) continue;
        const end = topicEnds.get(partition);
        if (!end) continue;
        const committed = Number(offset);
        if (committed < 0 && startsAtEnd(group.groupId)) continue;
        const from = committed < 0 ? end.low : committed;
        lag += Math.max(0, end.high - from);
      }
    }
    out.push({ group: group.groupId, state: group.state, lag });
  }
  return out;
}

/** topic -> partitions, over the assignments of a group's members. */
function assignedPartitions(assignments: Buffer[]): Map<string, Set<number>> {
  const byTopic = new Map<string, Set<number>>();
  for (const raw of assignments) {
    if (raw.length === 0) continue;
    const decoded = AssignerProtocol.MemberAssignment.decode(raw);
    for (const [topic, partitions] of Object.entries(decoded?.assignment ?? {})) {
      const set = byTopic.get(topic) ?? new Set<number>();
      partitions.forEach((p) => set.add(p));
      byTopic.set(topic, set);
    }
  }
  return byTopic;
}
