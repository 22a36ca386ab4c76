/**
 * What the two layout loaders return: root.tsx (every page) and routes/_app.tsx (member pages).
 * Hooks that read them with useRouteLoaderData import these types instead of the route modules,
 * which import those hooks' components in turn (an import cycle).
 */
import type { DataSaverChoice, Locale, SiteInfo, Theme } from '@kora/contracts';
import type { PublicEnv } from './env.server';
import type { CurrentUser } from './user';

export interface RootLoaderData {
  ENV: PublicEnv;
  /** The theme the page is rendered in (decision 043). */
  theme: Theme;
  /** The language and time zone the page is rendered in (decision 045). */
  locale: Locale;
}

/** Data saver as a page applies it (decision 044; utils/data-saver.ts). */
export interface DataSaverState {
  /** What the member chose (`auto` when they never did). */
  choice: DataSaverChoice;
  /** Whether the page saves data. */
  on: boolean;
}

export interface AppLoaderData {
  user: CurrentUser;
  /** Unread notifications when the page loaded (0 when the service was slow). */
  unread: number;
  /** Unread messages across the inbox when the page loaded (0 when the service was slow). */
  messagesUnread: number;
  /** The switchable features an admin left on (the menus hide the others). */
  features: SiteInfo['features'];
  /** The member's data saver choice and whether this page saves data (decision 044). */
  dataSaver: DataSaverState;
}
