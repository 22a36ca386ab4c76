import { useEffect } from 'react';

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`). Until then the page is
 * server-rendered HTML without handlers: a click on a menu or a like button does nothing. Browser
 * tests wait for the mark after every full page load, so they never click into that gap.
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
