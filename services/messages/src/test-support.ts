/**
 * Helpers for the messages service's tests: start it on the test adapters, announce members,
 * friendships, blocks and message policies as their owning services do (waiting until the
 * service applied them), and call its routes as a member, an admin or anonymously. Works the same
 * on the embedded engines and on real PostgreSQL/Kafka (shared topics: filter by our own ids).
 */
import { friendPairKey, type Conversation, type Message, type MessagePolicy } from '@kora/contracts';
import { areFriends, findMember } from '@kora/platform/service';
import {
  adminIdentity,
  announceBlock,
  eventually,
  memberClient,
  memberSnapshot,
  publishEvent,
  serviceForFile,
  startTestService,
  type TestService,
} from '@kora/testing';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createMessagesService } from './app.js';
import { messagesSchema, type MessagesTables } from './db/schema.js';

export { expectError, memberIds, outboxEvents, type OutboxEvent } from '@kora/testing';

export interface MessagesTestService extends TestService {
  tables: MessagesTables;
}

export async function startMessages(): Promise<MessagesTestService> {
  const svc = await startTestService(createMessagesService());
  return Object.assign(svc, { tables: messagesSchema(svc.ctx.schema) });
}

export function useMessagesService(): { readonly svc: MessagesTestService; readonly api: ReturnType<typeof client> } {
  return serviceForFile('messages', startMessages, client);
}

/** Announces activated members as auth does and waits until the snapshot has them. */
export async function registerMembers(svc: MessagesTestService, ids: number[]): Promise<void> {
  for (const userId of ids) {
    await publishEvent(
      svc,
      'user.registered',
      { ...memberSnapshot(userId, `user${userId}`), email: `${userId}@example.ng`, createdAt: new Date().toISOString() },
      userId,
      userId,
    );
    await publishEvent(svc, 'user.activated', { userId }, userId, userId);
  }
  for (const userId of ids) await eventually(async () => (await findMember(svc.ctx.db, svc.tables.members, userId))?.activated === true);
}

export async function befriend(svc: MessagesTestService, a: number, b: number): Promise<void> {
  await publishEvent(svc, 'friend-request.accepted', { fromUserId: a, toUserId: b, requestId: a }, friendPairKey(a, b), b);
  await eventually(() => areFriends(svc.ctx.db, svc.tables.friendships, a, b));
}

export const block = (svc: MessagesTestService, blockerId: number, blockedId: number, blocked = true) =>
  announceBlock(svc, svc.tables.blocks, blockerId, blockedId, blocked);

export async function setMessagePolicy(svc: MessagesTestService, userId: number, messagePolicy: MessagePolicy): Promise<void> {
  await publishEvent(
    svc,
    'settings.privacy-changed',
    {
      userId,
      profileVisibility: 'everyone',
      friendRequestPolicy: 'everyone',
      lookupEmail: 'everyone',
      lookupPhone: 'everyone',
      showOnline: true,
      tagReview: false,
      messagePolicy,
    },
    userId,
    userId,
  );
  const p = svc.tables.policies;
  await eventually(async () => (await svc.ctx.db.select().from(p).where(eq(p.userId, userId)))[0]?.messagePolicy === messagePolicy);
}

/** Request helpers, each as a given member (or anonymous with `null`). */
export function client(svc: MessagesTestService) {
  const base = memberClient(svc);
  const api = {
    ...base,
    patch: (url: string, userId: number | null, payload?: unknown) =>
      svc.app.inject({
        method: 'PATCH',
        url,
        headers: userId === null ? {} : svc.as({ userId }),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    /** As an admin (`adminId` may be a member of nothing). */
    asAdmin: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, adminId: number, payload?: unknown) =>
      svc.app.inject({
        method,
        url,
        headers: svc.as(adminIdentity(adminId)),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    /** `from` starts a conversation; fails the test unless it answers 200 or 201. */
    async start(from: number, memberIds: number[], extra: { title?: string; group?: boolean } = {}): Promise<Conversation> {
      const res = await base.post('/api/messages/conversations', from, { memberIds, ...extra });
      if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
      return res.json<Conversation>();
    },
    send: (from: number, conversationId: number, body: string, clientId: string = randomUUID()) =>
      base.post(`/api/messages/conversations/${conversationId}/messages`, from, { clientId, body }),
    /** `from` sends; fails the test unless it was stored (201). */
    async sent(from: number, conversationId: number, body: string): Promise<Message> {
      const res = await api.send(from, conversationId, body);
      if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
      return res.json<Message>();
    },
    async page(userId: number, conversationId: number, query = ''): Promise<Message[]> {
      const res = await base.get(`/api/messages/conversations/${conversationId}/messages${query}`, userId);
      if (res.statusCode !== 200) throw new Error(`page failed: ${res.statusCode} ${res.body}`);
      return res.json<Message[]>();
    },
    async list(userId: number, query = ''): Promise<Conversation[]> {
      const res = await base.get(`/api/messages/conversations${query}`, userId);
      if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
      return res.json<Conversation[]>();
    },
    async view(userId: number, conversationId: number): Promise<Conversation> {
      return (await base.get(`/api/messages/conversations/${conversationId}`, userId)).json<Conversation>();
    },
  };
  return api;
}
