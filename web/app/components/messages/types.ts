/** What the messages resource routes answer, shared by those routes and the components calling them. */
import type { Conversation, Message } from '@kora/contracts';

export { CONVERSATIONS_URL, conversationUrl } from '~/utils/live-hub';

/** POST /resources/conversations (intent start) when it does not lead to the conversation. */
export type StartConversationData = { ok: false; error: string };

/** GET /resources/conversations?folder=&q= */
export interface ConversationPageData {
  conversations: Conversation[];
  nextCursor: string | null;
}

/** The conversation page's loader (routes/_app.messages.$id.tsx). */
export type ConversationData =
  | { state: 'ok'; conversation: Conversation; messages: Message[]; title: string; now: number }
  | { state: 'missing' }
  | { state: 'error'; message: string };

/** The conversation page's action: the toast's text, or the refusal's. */
export type ConversationActionData = { ok: true; message: string } | { ok: false; error: string };
