/**
 * The current site settings, as every process sees them: the product's defaults, overlaid with each
 * section's latest `site-settings.updated` event. The topic is compacted (latest event per section
 * kept forever), so an instance that starts later reads the current values from the beginning of
 * the topic. Each instance reads with its own consumer group: every instance needs every change.
 */
import {
  defaultSiteSettings,
  eventEnvelopeSchema,
  eventRegistry,
  siteSettingsSchemas,
  type SiteSettings,
  type SiteSettingsSection,
} from '@kora/contracts';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventBus, Subscription } from './events/bus.js';

export interface SiteSettingsView {
  current(): SiteSettings;
  /** Called after each applied change (the gateway re-reads CORS origins, for instance). */
  onChange(listener: (settings: SiteSettings, section: SiteSettingsSection) => void): void;
  stop(): Promise<void>;
}

const definition = eventRegistry['site-settings.updated'];

export async function watchSiteSettings(bus: EventBus, log: Logger, owner: string): Promise<SiteSettingsView> {
  let settings: SiteSettings = structuredClone(defaultSiteSettings);
  const listeners: ((s: SiteSettings, section: SiteSettingsSection) => void)[] = [];
  const subscription: Subscription = await bus.subscribe({
    groupId: `${owner}.site-settings-view.${randomUUID()}`,
    topics: [definition.topic],
    handle: async (message) => {
      const envelope = eventEnvelopeSchema.safeParse(safeJson(message.value));
      if (!envelope.success || envelope.data.type !== 'site-settings.updated') return;
      const payload = definition.payload.safeParse(envelope.data.payload);
      if (!payload.success) return;
      const { section, values } = payload.data;
      // Merge over the defaults: an event from an older version may lack a newer field.
      const parsed = siteSettingsSchemas[section].safeParse({ ...defaultSiteSettings[section], ...values });
      if (!parsed.success) {
        log.warn({ section, issues: parsed.error.issues }, 'ignoring invalid site settings');
        return;
      }
      settings = { ...settings, [section]: parsed.data };
      for (const listener of listeners) listener(settings, section);
    },
  });
  return {
    current: () => settings,
    onChange: (listener) => void listeners.push(listener),
    stop: () => subscription.stop(),
  };
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
