/**
 * The archive's download link (decision 035): a signed token naming the member, the archive and the
 * link's expiry (shared/platform/src/link-tokens.ts), so the link in the e-mail and in Settings is
 * the same and nothing else need be stored. A new request changes the archive's id, which makes
 * every older link useless.
 */
import { signExpiringLinkToken, verifyExpiringLinkToken, type ExpiringLink } from '@kora/platform/service';
import type { Media } from '../context.js';

export const ARCHIVE_DOWNLOAD_PATH = '/api/media/archive/download';

export function archiveDownloadUrl(media: Media, userId: number, archiveId: string, expiresAt: Date): string {
  const token = signExpiringLinkToken(media.ctx.env.INTERNAL_SECRET, 'data-archive', { userId, subject: archiveId, expiresAt });
  return `${ARCHIVE_DOWNLOAD_PATH}?token=${token}`;
}

/** What the token names, or null when we did not sign it. */
export function readArchiveToken(media: Media, token: string): ExpiringLink | null {
  return verifyExpiringLinkToken(media.ctx.env.INTERNAL_SECRET, 'data-archive', token);
}
