/**
 * Every event this service consumes, in one place: auth's member events feed the member snapshot
 * the members and requests lists read for names and avatars.
 */
import { memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Groups } from '../context.js';

export function groupsConsumers(groups: Groups): ConsumerDefinition[] {
  return [{ name: 'projections', handlers: memberSnapshotHandlers(groups.tables.members) }];
}
