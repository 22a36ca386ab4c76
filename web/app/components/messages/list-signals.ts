/**
 * The open conversation tells the list beside it that it was read (the read mark's answer), so the
 * row's unread count goes without waiting for the socket's echo.
 */
import { tabSignal } from '~/utils/tab-signal';

export interface ReadSignal {
  conversationId: number;
  readUpTo: number;
}

const reads = tabSignal<ReadSignal>();
export const signalRead = reads.send;
export const useListSignals = reads.useListener;
