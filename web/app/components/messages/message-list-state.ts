/**
 * A conversation's messages in the browser: one list, oldest first, fed by pages (newest, older,
 * catch-up after a reconnection), by the live socket and by the member's own sends. The same
 * message can arrive several ways (a live frame and the catch-up page, a send's answer and its
 * frame), so lists merge by id; a deleted copy wins over the text it replaced, and a copy whose video is
 * ready (or failed) over one still processing, whichever came first.
 * Sends not yet answered stay beside the list as pending (keyed by the client id the send carries).
 */
import type { Message, MessageMedia } from '@kora/contracts';

/** The member's own send, not yet stored (or refused, or lost on the way). */
export interface PendingMessage {
  clientId: string;
  body: string;
  media: MessageMedia[];
  replyToId: number | null;
  status: 'sending' | 'failed';
  /** The refusal's text for a send the server refused (shown instead of the retry hint). */
  error?: string;
}

/** Videos whose processing has ended (ready or failed): a copy with more of them is the newer one. */
const settled = (message: Message) => message.media.filter((item) => item.state === 'ready' || item.state === 'failed').length;

function combine(known: Message, other: Message): Message {
  if (known.deleted) return known;
  if (other.deleted) return other;
  return settled(other) > settled(known) ? other : known;
}

/** All lists as one, each message once, oldest first (ids only grow). */
export function mergeMessages(...lists: readonly Message[][]): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) {
    for (const message of list) {
      const known = byId.get(message.id);
      byId.set(message.id, known ? combine(known, message) : message);
    }
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest stored id (0 when there is none): what a reconnecting page asks `after`. */
export function newestId(messages: readonly Message[]): number {
  return messages.length > 0 ? messages[messages.length - 1]!.id : 0;
}

/** The oldest stored id, the next older page's `before` (null when there is none). */
export function oldestId(messages: readonly Message[]): number | null {
  return messages.length > 0 ? messages[0]!.id : null;
}

/** Pending sends that no stored message of the member's answers yet (a retried send answers once). */
export function unsettled(pending: readonly PendingMessage[], messages: readonly Message[], meId: number): PendingMessage[] {
  if (pending.length === 0) return [];
  const stored = new Set(messages.filter((message) => message.senderId === meId).map((message) => message.clientId));
  return pending.filter((send) => !stored.has(send.clientId));
}

/** The newest message from someone else (what a read mark is for), or null. */
export function newestFromOthers(messages: readonly Message[], meId: number): Message | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]!.senderId !== meId) return messages[index]!;
  }
  return null;
}

/** The member's own newest stored message (delivered/read marks show under it), or null. */
export function newestOwn(messages: readonly Message[], meId: number): Message | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]!.senderId === meId) return messages[index]!;
  }
  return null;
}
