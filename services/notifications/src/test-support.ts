/**
 * Helpers for the notifications service's tests: start it (and a second instance on the same
 * schema and engines), make member ids no other run uses, feed it the events other services would
 * send, read what it stored, and open live sockets as the gateway would forward them. Works the
 * same on the embedded engines and on real PostgreSQL/Kafka (where topics are shared and never
 * assumed empty).
 */
import {
  defaultGeneralSettings,
  type GeneralSettingsFields,
  defaultNotificationSettings,
  type EventPayload,
  type EventType,
  friendPairKey,
  type Notification,
  type NotificationSettings,
  type PrivacySettings,
} from '@kora/contracts';
import { startService, type RunningService } from '@kora/platform';
import {
  announcePrivacy,
  eventually,
  memberClient,
  outboxEvents,
  processed,
  publishEvent,
  serviceForFile,
  startTestService,
  testEnv,
  testLog,
  type OutboxEvent,
  type TestService,
} from '@kora/testing';
import { wsUrl } from '@kora/testing/websocket';
import { eq } from 'drizzle-orm';
import { randomInt, randomUUID } from 'node:crypto';
import { createNotificationsService, type NotificationsOptions, type NotificationsServiceDefinition } from './app.js';
import type { Notifications } from './context.js';
import { notificationsSchema, type NotificationsTables } from './db/schema.js';

export interface NotificationsTestService extends TestService {
  tables: NotificationsTables;
  definition: NotificationsServiceDefinition;
  handle: Notifications;
}

export async function startNotifications(options: NotificationsOptions = {}): Promise<NotificationsTestService> {
  const definition = createNotificationsService(options);
  const svc = await startTestService(definition);
  return Object.assign(svc, { tables: notificationsSchema(svc.ctx.schema), definition, handle: definition.handleOf(svc.ctx) });
}

export interface SecondInstance {
  running: RunningService;
  handle: Notifications;
  /** `ws://...` of its `/ws`. */
  wsUrl: string;
}

/**
 * Another replica of `svc`: same schema, same database and bus, its own HTTP server and live feed.
 * It leaves out the writer consumer: replicas share that group, which the in-process bus (one
 * subscriber per group) cannot express; which replica writes does not matter to live delivery.
 */
export async function startSecondInstance(svc: NotificationsTestService, options: NotificationsOptions = {}): Promise<SecondInstance> {
  const definition = { ...createNotificationsService(options), consumers: undefined };
  const running = await startService(
    { ...definition, schema: svc.ctx.schema },
    { env: testEnv(), log: testLog, adapters: svc.adapters, ownsAdapters: false, listen: true },
  );
  return { running, handle: definition.handleOf(running.ctx), wsUrl: wsUrl(running.url!) };
}

/** Starts `svc`'s HTTP server on a free port; answers the `ws://` URL of its `/ws`. */
export async function listenForSockets(svc: TestService): Promise<string> {
  const url = await svc.app.listen({ host: '127.0.0.1', port: 0 });
  return wsUrl(url);
}

export { memberIds } from '@kora/testing';

export const someId = () => randomInt(1, 2 ** 31);

/** Publishes an event as its owning service would, keyed like it; answers the envelope. */
export const publish = publishEvent;

/** Publishes and waits until the writer has handled it. */
export async function deliver<T extends EventType>(
  svc: TestService,
  type: T,
  payload: EventPayload<T>,
  key: string | number,
  actorId: number | null = null,
) {
  const envelope = await publish(svc, type, payload, key, actorId);
  await eventually(() => processed(svc, envelope.id));
  return envelope;
}

/** A friend request from `from` to `to`, published as the friends service would and handled. */
export function deliverFriendRequest(svc: TestService, from: number, to: number, requestId: number = someId()) {
  return deliver(svc, 'friend-request.sent', { fromUserId: from, toUserId: to, requestId }, friendPairKey(from, to), from);
}

export function snapshot(
  userId: number,
  names: { username?: string; firstname?: string; lastname?: string; profileImage?: string } = {},
): EventPayload<'user.updated'> {
  return {
    userId,
    username: names.username ?? `user${userId}`,
    firstname: names.firstname ?? 'Ada',
    lastname: names.lastname ?? 'Obi',
    profileImage: names.profileImage ?? `/uploads/profile/${userId}.webp`,
    coverImage: null,
    bio: '',
    role: 'user',
  };
}

/** Announces a member the way auth does, and waits until the service knows them. */
export async function registerMember(svc: TestService, userId: number, names: Parameters<typeof snapshot>[1] = {}): Promise<void> {
  await deliver(
    svc,
    'user.registered',
    { ...snapshot(userId, names), email: `${userId}@example.ng`, createdAt: new Date().toISOString() },
    userId,
    userId,
  );
}

/** `actor` likes a post of `owner`'s, as the posts service announces it. */
export function like(svc: TestService, owner: number, actor: number, postId = someId()) {
  return deliver(svc, 'post.liked', { postId, postOwnerId: owner, actorId: actor }, postId, actor);
}

/** A member's stored notifications, newest first (straight from the table). */
export async function rowsOf(svc: NotificationsTestService, recipientId: number) {
  const t = svc.tables.notifications;
  return (await svc.ctx.db.select().from(t).where(eq(t.recipientId, recipientId))).sort((a, b) => b.id - a.id);
}

/** A `notification.created` event as the outbox holds it. */
export type CreatedEvent = OutboxEvent & { id: string; payload: { recipientId: number; notification: Notification } };

/** `notification.created` events in this instance's outbox (its relay publishes them), oldest first. */
export async function createdEvents(svc: TestService): Promise<CreatedEvent[]> {
  return (await outboxEvents(svc, 'notification.created')) as CreatedEvent[];
}

/** Request helpers for one service, each as a given member (or anonymous with `null`). */
export const client = memberClient;

/** The service for one test file (started before its tests, closed after them) and a member client. */
export function useNotificationsService(): { readonly svc: NotificationsTestService; readonly api: ReturnType<typeof client> } {
  return serviceForFile('notifications', () => startNotifications(), client);
}

/** `userId`'s notifications as the list answers them, newest first. */
export async function listOf(api: ReturnType<typeof client>, userId: number): Promise<Notification[]> {
  return (await api.get('/api/notifications', userId)).json<Notification[]>();
}

/** The notifications announced live to `userId` (their `notification.created` events), oldest first. */
export async function announcedTo(svc: TestService, userId: number): Promise<Notification[]> {
  return (await createdEvents(svc)).filter((e) => e.payload.recipientId === userId).map((e) => e.payload.notification);
}

/**
 * Waits until the instance's live feed is reading. On Kafka a new group joins and resolves the
 * latest offset a moment after subscribing; a message published before that would be skipped.
 * Any message it handles after this probe proves it reads from a point before what comes next.
 */
export async function liveFeedReady(svc: TestService, hub: Notifications['live']): Promise<void> {
  const before = hub.messagesSeen;
  const deadline = Date.now() + 30_000;
  while (hub.messagesSeen === before) {
    if (Date.now() > deadline) throw new Error('live feed did not start reading');
    // A revoked session nobody holds: harmless to every instance that reads it.
    await publish(svc, 'session.revoked', { userId: someId(), sessionId: randomUUID() }, 'probe');
    await eventually(() => hub.messagesSeen > before, 1_000).catch(() => {});
  }
}

export { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';

/** A member saved their Notifications tab (the settings service announces the complete values). */
export function setNotificationSettings(svc: TestService, userId: number, changes: Partial<NotificationSettings>) {
  return deliver(svc, 'settings.notifications-changed', { userId, ...defaultNotificationSettings, ...changes }, userId, userId);
}

/** A member saved their Privacy tab (the shared helper, waiting until this service applied it). */
export function setPrivacy(svc: NotificationsTestService, userId: number, changes: Partial<PrivacySettings>) {
  return announcePrivacy(svc, svc.tables.privacy, userId, changes);
}

/** A member saved their General tab with this time zone. */
export function setTimezone(svc: TestService, userId: number, timezone: string) {
  return deliver(svc, 'settings.profile-changed', { userId, ...defaultGeneralSettings, timezone }, userId, userId);
}

/** A member saved their General tab with this language (and the default time zone). */
export function setLanguage(svc: TestService, userId: number, language: GeneralSettingsFields['language']) {
  return deliver(svc, 'settings.profile-changed', { userId, ...defaultGeneralSettings, language }, userId, userId);
}

let lastMessageId = someId();

/**
 * `message.sent` as the messages service announces it: `senderId` wrote in `conversationId`, whose
 * members are `memberIds` (the sender included); `notifyIds` defaults to the other members.
 */
export function sentMessage(
  conversationId: number,
  senderId: number,
  memberIds: number[],
  options: { notifyIds?: number[]; title?: string | null; messageId?: number; createdAt?: string } = {},
): EventPayload<'message.sent'> {
  const id = options.messageId ?? ++lastMessageId;
  return {
    conversationId,
    memberIds,
    notifyIds: options.notifyIds ?? memberIds.filter((m) => m !== senderId),
    title: options.title ?? null,
    message: {
      id,
      conversationId,
      senderId,
      clientId: randomUUID(),
      body: `Message ${id}`,
      media: [],
      replyTo: null,
      deleted: false,
      createdAt: options.createdAt ?? new Date().toISOString(),
    },
  };
}

/** Delivers `sentMessage(...)` keyed by the conversation (as the messages service keys it), waiting for the writer. */
export function sendMessage(svc: TestService, ...args: Parameters<typeof sentMessage>) {
  const payload = sentMessage(...args);
  return deliver(svc, 'message.sent', payload, payload.conversationId, payload.message.senderId).then((envelope) => ({
    envelope,
    payload,
  }));
}
