/**
 * The ids this instance has pushed lately (notification ids, or the event ids of conversations'
 * frames). Kafka may hand a message over again (after a rebalance, or a relay retry publishes it
 * twice); a tab must still see each one once. Bounded: the oldest id is forgotten first, so memory
 * stays flat however long the process runs.
 */
export class RecentIds<T = number> {
  private readonly ids = new Set<T>();

  constructor(private readonly capacity: number) {}

  /** True the first time `id` is offered (and remembers it); false for a repeat. */
  firstTime(id: T): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
    return true;
  }

  get size(): number {
    return this.ids.size;
  }
}
