/**
 * The explicit registry of integration events: name -> topic, version and payload schema.
 * Event types come from here, never from class names, so producers and consumers agree on one list.
 * Topics are named `<service>.<aggregate>`.
 */
import { z } from 'zod';

interface EventOptions {
  /**
   * Kafka keeps only the latest event per key on a compacted topic, forever: a new consumer reading
   * from the beginning gets the current state (used for site settings, keyed by section).
   */
  compacted?: boolean;
}

function event<T extends z.ZodType>(topic: string, version: number, payload: T, options: EventOptions = {}) {
  return { topic, version, payload, compacted: options.compacted ?? false };
}

const siteSettingsPayload = z.object({
  section: z.enum(['general', 'features', 'moderation', 'storage', 'email', 'security']),
  /** The section's complete new values (secrets included: the bus is internal). */
  values: z.record(z.string(), z.unknown()),
});

const userSnapshot = z.object({
  userId: z.number().int(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  profileImage: z.string(),
  coverImage: z.string().nullable(),
  bio: z.string(),
  role: z.enum(['user', 'admin']),
});

export const eventRegistry = {
  /** A member signed up (not yet activated). Projections of member names/avatars start here. */
  'user.registered': event('auth.user', 1, userSnapshot.extend({ email: z.string(), createdAt: z.string() })),
  'user.activated': event('auth.user', 1, z.object({ userId: z.number().int() })),
  /** Names, avatar, cover, bio or role changed: the full current snapshot. */
  'user.updated': event('auth.user', 1, userSnapshot),
  /** A sign-in session ended (sign-out, revoke, password change/reset): its tokens stop working. */
  'session.revoked': event('auth.session', 1, z.object({ userId: z.number().int(), sessionId: z.string() })),
  /** Admin changed a section of the site settings; every service applies the current values. */
  'site-settings.updated': event('admin.site-settings', 1, siteSettingsPayload, { compacted: true }),
} as const;

export type EventType = keyof typeof eventRegistry;
export type EventPayload<T extends EventType> = z.infer<(typeof eventRegistry)[T]['payload']>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventRegistry, type);
}

export function topicOf(type: EventType): string {
  return eventRegistry[type].topic;
}

/** Topics whose events are current state per key (see EventOptions.compacted). */
export function isCompactedTopic(topic: string): boolean {
  return Object.values(eventRegistry).some((e) => e.topic === topic && e.compacted);
}

/** Every topic in the registry, so a service can create missing ones at start-up. */
export function allTopics(): string[] {
  return [...new Set(Object.values(eventRegistry).map((e) => e.topic))];
}
