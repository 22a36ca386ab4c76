/**
 * Code that only an interaction needs (a dialog, the post modal) is loaded when it is first needed,
 * not with the page: every page's first load stays small, and the wait happens once, on the first
 * open (the chunk is then cached).
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component from a module loaded on first render (React.lazy for a named export). */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * Renders `children` from the first time `open` is true, and keeps them rendered after (so a dialog
 * can animate its closing and keep its state), with nothing in their place while they load.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
