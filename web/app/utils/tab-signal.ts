/**
 * A signal from one part of a page to another that is not its parent or child (the open
 * conversation to the list beside it, a sent request to the layout's push offer). One tab has one
 * listener of each: a module emitter is enough, and nothing is ever signalled while rendering on
 * the server.
 */
import { useEffect, useRef } from 'react';

export interface TabSignal<T> {
  send: (value: T) => void;
  /** Calls the latest `listener` for each value sent while the calling component is mounted. */
  useListener: (listener: (value: T) => void) => void;
}

export function tabSignal<T>(): TabSignal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    send(value) {
      for (const listener of [...listeners]) listener(value);
    },
    useListener(listener) {
      const latest = useRef(listener);
      latest.current = listener;
      useEffect(() => {
        const call = (value: T) => latest.current(value);
        listeners.add(call);
        return () => {
          listeners.delete(call);
        };
      }, []);
    },
  };
}
