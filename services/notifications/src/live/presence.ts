/**
 * Who has the app open, across every notifications instance (decision 020, Presence). Each
 * instance keeps, in the shared key-value store (Redis in distributed mode, memory embedded):
 * - `presence:m:<userId>:<instance>` while it holds at least one socket of that member, and
 * - `presence:i:<instance>` while it runs,
 * both refreshed on every heartbeat with a TTL of a few heartbeats, so the members of an instance
 * that crashed go offline when its keys expire; a member's key is deleted at once when their last
 * socket here closes. Online = any instance holds a key for the member: one multi-get over the
 * live instances (read with a scan, cached briefly: instances come and go rarely).
 */
import type { KeyValueStore, Logger } from '@kora/platform/service';
import { randomBytes } from 'node:crypto';

/** How long the list of live instances is reused before it is scanned again. */
const INSTANCES_CACHE_MS = 2_000;

export class Presence {
  readonly instanceId = randomBytes(6).toString('hex');
  private instances: { ids: string[]; readAt: number } | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly ttlMs: number,
    private readonly log: Logger,
  ) {}

  private memberKey(userId: number, instance = this.instanceId): string {
    return `presence:m:${userId}:${instance}`;
  }

  /** The member's first socket on this instance opened. */
  online(userId: number): void {
    void this.run(() => Promise.all([this.store.set(this.memberKey(userId), '1', this.ttlMs), this.announce()]));
  }

  /** The member's last socket on this instance closed. */
  offline(userId: number): void {
    void this.run(() => this.store.del(this.memberKey(userId)));
  }

  /** Every heartbeat: this instance and the members it holds are still here. */
  refresh(userIds: Iterable<number>): Promise<void> {
    return this.run(() => Promise.all([this.announce(), ...[...userIds].map((id) => this.store.set(this.memberKey(id), '1', this.ttlMs))]));
  }

  /** A graceful stop: its members go offline now (unless another instance holds them). */
  stop(userIds: Iterable<number>): Promise<void> {
    return this.run(() =>
      Promise.all([this.store.del(`presence:i:${this.instanceId}`), ...[...userIds].map((id) => this.store.del(this.memberKey(id)))]),
    );
  }

  /** Which of `userIds` have a socket open on any live instance. */
  async onlineAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const instances = await this.liveInstances();
    const keys = userIds.flatMap((id) => instances.map((instance) => this.memberKey(id, instance)));
    const values = await this.store.mget(keys);
    return new Set(userIds.filter((_, i) => values.slice(i * instances.length, (i + 1) * instances.length).some((v) => v !== null)));
  }

  private announce(): Promise<void> {
    return this.store.set(`presence:i:${this.instanceId}`, '1', this.ttlMs);
  }

  private async liveInstances(): Promise<string[]> {
    if (this.instances && Date.now() - this.instances.readAt < INSTANCES_CACHE_MS) return this.instances.ids;
    const found = (await this.store.scan('presence:i:')).map((entry) => entry.key.slice('presence:i:'.length));
    // This instance counts even before its first announcement lands.
    const ids = [...new Set([this.instanceId, ...found])];
    this.instances = { ids, readAt: Date.now() };
    return ids;
  }

  /** Presence is best effort: a store hiccup is logged, never thrown at a socket or a heartbeat. */
  private async run(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.log.warn({ err }, 'presence not updated');
    }
  }
}
