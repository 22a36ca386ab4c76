/**
 * The messages API (messages service, through the gateway; decision 039) as the web app uses it:
 * conversations, their messages, read and delivered marks, typing, requests and group changes.
 * Every answer is checked against the contract's schemas, so a changed shape fails here (502)
 * instead of deep inside a component.
 */
import {
  conversationSchema,
  messageSchema,
  NEXT_CURSOR_HEADER,
  readAnswer,
  unreadAnswer,
  type Conversation,
  type ConversationFolder,
  type Message,
  type UnreadAnswer,
} from '@kora/contracts';
import { z } from 'zod';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

const BASE = '/api/messages';
const conversationPath = (id: number) => `${BASE}/conversations/${id}`;

export interface ConversationPage {
  conversations: Conversation[];
  nextCursor: string | null;
}

export async function listConversations(
  request: Request,
  query: { folder: ConversationFolder; q?: string; cursor?: string | null },
  token: Token,
): Promise<ConversationPage> {
  const params = new URLSearchParams({ folder: query.folder });
  if (query.q) params.set('q', query.q);
  if (query.cursor) params.set('cursor', query.cursor);
  const { data, headers } = await apiFetchWithHeaders(request, `${BASE}/conversations?${params}`, {
    schema: z.array(conversationSchema),
    token,
  });
  return { conversations: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export function fetchConversation(request: Request, id: number, token: Token): Promise<Conversation> {
  return apiFetch(request, conversationPath(id), { schema: conversationSchema, token });
}

/** One member: their direct conversation (the existing one when there is one); several: a group. */
export function createConversation(
  request: Request,
  body: { memberIds: number[]; title?: string; group?: boolean },
  token: Token,
): Promise<Conversation> {
  return apiFetch(request, `${BASE}/conversations`, { json: body, schema: conversationSchema, token });
}

export function renameConversation(request: Request, id: number, title: string, token: Token): Promise<Conversation> {
  return apiFetch(request, conversationPath(id), { method: 'PATCH', json: { title }, schema: conversationSchema, token });
}

export function addMembers(request: Request, id: number, memberIds: number[], token: Token): Promise<Conversation> {
  return apiFetch(request, `${conversationPath(id)}/members`, { json: { memberIds }, schema: conversationSchema, token });
}

export async function removeMember(request: Request, id: number, userId: number, token: Token): Promise<void> {
  await apiFetch(request, `${conversationPath(id)}/members/${userId}`, { method: 'DELETE', token });
}

export async function leaveConversation(request: Request, id: number, token: Token): Promise<void> {
  await apiFetch(request, `${conversationPath(id)}/leave`, { method: 'POST', token });
}

export async function answerRequest(request: Request, id: number, answer: 'accept' | 'decline', token: Token): Promise<void> {
  await apiFetch(request, `${conversationPath(id)}/${answer}`, { method: 'POST', token });
}

export type MessagePageQuery = { before?: number; after?: number; limit?: number };

/** Newest page (no cursor), older than `before`, or newer than `after` (catching up). */
export async function fetchMessages(request: Request, id: number, query: MessagePageQuery, token: Token): Promise<Message[]> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const suffix = params.size > 0 ? `?${params}` : '';
  return apiFetch(request, `${conversationPath(id)}/messages${suffix}`, { schema: z.array(messageSchema), token });
}

export interface SendMessage {
  clientId: string;
  body: string;
  media: { url: string }[];
  replyToId: number | null;
}

export function sendMessage(request: Request, id: number, body: SendMessage, token: Token): Promise<Message> {
  return apiFetch(request, `${conversationPath(id)}/messages`, { json: body, schema: messageSchema, token });
}

export function deleteMessage(request: Request, id: number, messageId: number, token: Token): Promise<Message> {
  return apiFetch(request, `${conversationPath(id)}/messages/${messageId}`, { method: 'DELETE', schema: messageSchema, token });
}

export function markRead(request: Request, id: number, messageId: number, token: Token) {
  return apiFetch(request, `${conversationPath(id)}/read`, { json: { messageId }, schema: readAnswer, token });
}

export async function markDelivered(request: Request, id: number, messageId: number, token: Token): Promise<void> {
  await apiFetch(request, `${conversationPath(id)}/delivered`, { json: { messageId }, token });
}

export async function sendTyping(request: Request, id: number, token: Token): Promise<void> {
  await apiFetch(request, `${conversationPath(id)}/typing`, { method: 'POST', token });
}

export function fetchMessagesUnread(request: Request, token: Token, timeoutMs?: number): Promise<UnreadAnswer> {
  return apiFetch(request, `${BASE}/unread`, { schema: unreadAnswer, token, timeoutMs });
}
