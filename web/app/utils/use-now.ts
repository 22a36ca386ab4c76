import { useEffect, useState } from 'react';

/**
 * "Now" for relative times ("5 minutes ago"): the server's time during server rendering and
 * hydration (both must print the same text), then the browser's clock, refreshed every minute so
 * new comments never read "in 2 minutes" and old ones keep ageing.
 */
export function useNow(serverNow: number, intervalMs = 60_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
