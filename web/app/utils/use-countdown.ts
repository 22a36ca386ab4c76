import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), ticking once a second; 0 when past or unset. */
export function secondsLeft(until: number | null | undefined, now: number): number {
  if (!until) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function useCountdown(until: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!until || until <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return secondsLeft(until, now);
}
