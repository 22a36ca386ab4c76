import { useEffect, useState, type RefObject } from 'react';

export interface InViewOptions {
  /** How far outside the screen still counts as in view (CSS margin, e.g. '600px'). */
  rootMargin?: string;
  /** The answer where IntersectionObserver does not exist. */
  unsupported?: boolean;
}

/**
 * Whether the element is on screen (or within `rootMargin` of it), via IntersectionObserver. False
 * on the server and until the observer first reports.
 */
export function useInView(ref: RefObject<Element | null>, { rootMargin = '0px', unsupported = false }: InViewOptions = {}): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(unsupported);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, unsupported]);
  return inView;
}
