/**
 * The owner's conversations for the authorization matrix (decision 039), made through the public
 * API: a group the owner created with the target in it, messages in it, and requests the target
 * sends the owner (the owner is a stranger to them, so each waits in the owner's Requests tab).
 */
import { readUntil } from '@kora/testing';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { json, type SignedIn } from '../support/members.js';
import { api, body } from '../support/product.js';

/** `from` starts a group conversation with `others`, once the messages service knows them all. */
export async function newConversation(from: SignedIn, others: SignedIn[]): Promise<number> {
  const res = await readUntil(
    () =>
      api('/api/messages/conversations', json({ memberIds: others.map((o) => o.user.user_id), group: true, title: 'Matrix' }, from.token)),
    (answer) => answer.status !== 404,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body<{ id: number }>(res)).id;
}

export async function newMessage(from: SignedIn, conversationId: number): Promise<number> {
  const res = await api(
    `/api/messages/conversations/${conversationId}/messages`,
    json({ clientId: randomUUID(), body: 'Matrix' }, from.token),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body<{ id: number }>(res)).id;
}

/** A report of a message of `sender`'s by `reporter`, as the admin list names it. */
export async function newMessageReport(reporter: SignedIn, sender: SignedIn, conversationId: number): Promise<number> {
  const messageId = await newMessage(sender, conversationId);
  const res = await api(
    `/api/messages/conversations/${conversationId}/messages/${messageId}/report`,
    json({ reason: 'spam' }, reporter.token),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body<{ id: number }>(res)).id;
}
