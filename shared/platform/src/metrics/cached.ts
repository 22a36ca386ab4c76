/**
 * A reading that costs a round trip (a broker's offsets, a queue's counts in Redis) is taken at most
 * once per `maxAgeMs`, however often it is asked for: two Prometheus replicas, or a short scrape
 * interval, cost the server no more. Callers asking while a reading is under way share it.
 */
export function cachedFor<T>(maxAgeMs: number, read: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const at = now();
    if (last && at - last.at < maxAgeMs) return last.value;
    const value = read();
    const entry = { at, value };
    last = entry;
    // A failed reading is not kept: the next scrape tries again.
    value.catch(() => {
      if (last === entry) last = null;
    });
    return value;
  };
}
