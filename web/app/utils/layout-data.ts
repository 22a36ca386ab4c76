/**
 * What the two layout loaders return: root.tsx (every page) and routes/_app.tsx (member pages).
 * Hooks that read them with useRouteLoaderData import these types instead of the route modules,
 * which import those hooks' components in turn (an import cycle).
 */
import type { SiteInfo } from '@kora/contracts';
import type { PublicEnv } from './env.server';
import type { CurrentUser } from './user';

export interface RootLoaderData {
  ENV: PublicEnv;
}

export interface AppLoaderData {
  user: CurrentUser;
  /** Unread notifications when the page loaded (0 when the service was slow). */
  unread: number;
  /** Unread messages across the inbox when the page loaded (0 when the service was slow). */
  messagesUnread: number;
  /** The switchable features an admin left on (the menus hide the others). */
  features: SiteInfo['features'];
}
