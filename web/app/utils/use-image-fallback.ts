/**
 * Tracks whether an <img> failed to load. React only attaches onError at hydration, so an image
 * that already failed during server-rendered page load would never report it; the effect below
 * catches that case by inspecting the element once mounted.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useImageFallback(src: string | null | undefined) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(!src);

  useEffect(() => {
    setFailed(!src);
  }, [src]);

  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && src) setFailed(true);
  }, [src]);

  const onError = useCallback(() => setFailed(true), []);
  return { ref, failed, onError };
}
