/**
 * Several instances of one service behind one variable (NOTIFICATIONS_URL may list a few origins,
 * decision 049). Each new socket or request takes the next instance in turn, so sockets spread
 * evenly; an instance that refused a connection is passed over for a while, so a dead one costs
 * one failed connect, not one per socket, and is tried again once the while is up.
 */

/** How long an instance that refused a connection is passed over before it is tried again. */
export const INSTANCE_DOWN_MS = 5_000;

export interface Instances {
  readonly origins: readonly string[];
  /** The next origin in turn that is not passed over (the next in turn anyway when every one is). */
  pick(): string;
  /** The origins in the order to try for one socket: `pick()` first, then the others in turn. */
  tryOrder(): string[];
  /** `origin` refused a connection: passed over for INSTANCE_DOWN_MS. */
  down(origin: string): void;
}

export function createInstances(origins: readonly string[], now: () => number = Date.now): Instances {
  if (origins.length === 0) throw new Error('at least one instance is needed');
  const downUntil = new Map<string, number>();
  let next = 0;
  const isUp = (origin: string) => (downUntil.get(origin) ?? 0) <= now();
  const turn = () => {
    const at = next;
    next = (next + 1) % origins.length;
    return at;
  };
  return {
    origins,
    pick() {
      const first = turn();
      for (let i = 0; i < origins.length; i++) {
        const origin = origins[(first + i) % origins.length]!;
        if (isUp(origin)) {
          next = (first + i + 1) % origins.length;
          return origin;
        }
      }
      return origins[first]!;
    },
    tryOrder() {
      if (origins.length === 1) return [origins[0]!];
      const first = this.pick();
      const at = origins.indexOf(first);
      const rest = Array.from({ length: origins.length - 1 }, (_, i) => origins[(at + 1 + i) % origins.length]!);
      // Those passed over go last: still worth a try when everything else failed too.
      return [first, ...rest.filter(isUp), ...rest.filter((o) => !isUp(o))];
    },
    down(origin) {
      if (origins.length > 1) downUntil.set(origin, now() + INSTANCE_DOWN_MS);
    },
  };
}
