import { useEffect, useState } from 'react';

/**
 * False during server rendering and the first client render, true once React runs in the browser.
 * Progressive enhancements (disabled buttons, countdowns) switch on only then, so the page keeps
 * working without JavaScript.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
