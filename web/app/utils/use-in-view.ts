import { useEffect, useState, type RefObject } from 'react';

export interface InViewOptions {
  /** How far outside the screen still counts as in view (CSS margin, e.g. '600px'). */
  rootMargin?: string;
  /** The answer where IntersectionObserver does not exist. */
  unsupported?: boolean;
  /** Whether to watch at all: when false there is no observer and the answer is false. */
  enabled?: boolean;
}

/**
 * Whether the element is on screen (or within `rootMargin` of it), via IntersectionObserver. False
 * on the server, while not `enabled`, and until the observer first reports.
 */
export function useInView(
  ref: RefObject<Element | null>,
  { rootMargin = '0px', unsupported = false, enabled = true }: InViewOptions = {},
): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setInView(false);
      return;
    }
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(unsupported);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, unsupported, enabled]);
  return inView;
}
