/**
 * The explicit registry of integration events: name -> topic, version and payload schema.
 * Event types come from here, never from class names, so producers and consumers agree on one list.
 * Topics are named `<service>.<aggregate>`.
 */
import { z } from 'zod';

function event<T extends z.ZodType>(topic: string, version: number, payload: T) {
  return { topic, version, payload };
}

const siteSettingsPayload = z.object({
  section: z.enum(['general', 'features', 'moderation', 'storage', 'email', 'security']),
  /** The section's complete new values (secrets included: the bus is internal). */
  values: z.record(z.string(), z.unknown()),
});

export const eventRegistry = {
  /** Admin changed a section of the site settings; every service applies the current values. */
  'site-settings.updated': event('admin.site-settings', 1, siteSettingsPayload),
} as const;

export type EventType = keyof typeof eventRegistry;
export type EventPayload<T extends EventType> = z.infer<(typeof eventRegistry)[T]['payload']>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventRegistry, type);
}

export function topicOf(type: EventType): string {
  return eventRegistry[type].topic;
}

/** Every topic in the registry, so a service can create missing ones at start-up. */
export function allTopics(): string[] {
  return [...new Set(Object.values(eventRegistry).map((e) => e.topic))];
}
