/**
 * The services whose share of a member's data the archive holds (decision 035), each answering
 * `GET /internal/export/{userId}` (shared/platform/src/http/member-export.ts), in the archive's order.
 * Admin keeps nothing that is a member's own (its audit log is the site's record).
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
