/**
 * The sockets this instance holds, by member: Map<userId, Set<Connection>>. Lookups by recipient
 * are one map read; a member's sets are insertion-ordered, so the oldest socket is the first one.
 */
import type { Connection } from './connection.js';

export class SocketRegistry {
  private readonly members = new Map<number, Set<Connection>>();
  private sockets = 0;
  /** Members whose first socket opened since the last `takeJoined()`; null until the heartbeat asks. */
  private joined: number[] | null = null;

  constructor(private readonly maxPerMember: number) {}

  /** Adds a socket; answers the member's oldest one if it had to make room for it (the cap). */
  add(conn: Connection): Connection | null {
    let set = this.members.get(conn.userId);
    if (!set) {
      this.members.set(conn.userId, (set = new Set()));
      this.joined?.push(conn.userId);
    }
    set.add(conn);
    this.sockets++;
    if (set.size <= this.maxPerMember) return null;
    const oldest = set.values().next().value!;
    this.remove(oldest);
    return oldest;
  }

  /** True when it was registered (a socket evicted earlier is not any more). */
  remove(conn: Connection): boolean {
    const set = this.members.get(conn.userId);
    if (!set?.delete(conn)) return false;
    this.sockets--;
    if (set.size === 0) this.members.delete(conn.userId);
    return true;
  }

  of(userId: number): ReadonlySet<Connection> | undefined {
    return this.members.get(userId);
  }

  /** Starts (or drains) the list of members who joined: the heartbeat takes it every tick. */
  takeJoined(): number[] {
    const joined = this.joined ?? [];
    this.joined = [];
    return joined;
  }

  /** The members with at least one socket here. */
  memberIds(): IterableIterator<number> {
    return this.members.keys();
  }

  counts(): { members: number; sockets: number } {
    return { members: this.members.size, sockets: this.sockets };
  }
}
