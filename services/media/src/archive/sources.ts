/**
 * The services whose share of a member's data the archive holds (decision 035), each answering
 * `GET /internal/export/{userId}` (shared/platform/src/http/member-export.ts), in the archive's order.
 * Admin keeps nothing of a member's own; messages has no export yet.
 */
import type { ServiceName } from '@kora/contracts';

export const ARCHIVE_SOURCES: readonly ServiceName[] = [
  'auth',
  'settings',
  'posts',
  'stories-reels',
  'friends',
  'groups',
  'notifications',
  'wallet',
];
