import { useEffect, useState, type RefObject } from 'react';

export interface InViewOptions {
  /** How far outside the screen still counts as in view (CSS margin, e.g. '600px'). */
  rootMargin?: string;
}

/**
 * Whether the element is on screen (or within `rootMargin` of it), via IntersectionObserver. False
 * on the server, where IntersectionObserver does not exist, and until the observer first reports.
 */
export function useInView(ref: RefObject<Element | null>, { rootMargin = '0px' }: InViewOptions = {}): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin]);
  return inView;
}
