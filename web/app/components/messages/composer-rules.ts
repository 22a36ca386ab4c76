/**
 * The composer's limits (decision 039), checked in the browser before sending and again on the web
 * server and by the API, with the contract's texts: 1–4,000 characters after trimming, or media.
 */
import { messageLimits, messageTexts, textLength } from '@kora/contracts';

/** The text a send is refused with, or null when it may go. */
export function bodyRefusal(body: string, mediaCount: number): string | null {
  const text = body.trim();
  // Characters as the service counts them: code points, so an emoji is one.
  if (textLength(text) > messageLimits.maxBody) return messageTexts.bodyTooLong;
  if (text.length === 0 && mediaCount === 0) return messageTexts.bodyEmpty;
  return null;
}

/** Whether the key press sends: Enter alone, not while an input method is composing a character. */
export function sendsOnEnter(event: {
  key: string;
  shiftKey: boolean;
  isComposing?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing && !event.altKey;
}

/** Whether a typing signal may go now: one per 3 s at most (the API passes on no more). */
export function typingDue(lastSentAt: number, now: number): boolean {
  return now - lastSentAt >= messageLimits.typingIntervalSeconds * 1000;
}
