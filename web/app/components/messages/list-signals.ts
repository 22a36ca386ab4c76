/**
 * The open conversation tells the list beside it that it was read (the read mark's answer), so the
 * row's unread count goes without waiting for the socket's echo. One tab has one list: a module
 * emitter is enough, and nothing is ever signalled while rendering on the server.
 */
import { useEffect, useRef } from 'react';

export interface ReadSignal {
  conversationId: number;
  readUpTo: number;
}

const listeners = new Set<(signal: ReadSignal) => void>();

export function signalRead(signal: ReadSignal): void {
  for (const listener of [...listeners]) listener(signal);
}

export function useListSignals(listener: (signal: ReadSignal) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const call = (signal: ReadSignal) => latest.current(signal);
    listeners.add(call);
    return () => {
      listeners.delete(call);
    };
  }, []);
}
