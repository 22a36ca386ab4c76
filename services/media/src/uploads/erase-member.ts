/**
 * A member's account was erased (`user.deleted`, decision 034): every file they uploaded (posts,
 * stories, reels, group pictures: the `uploads` and `videos` rows name them) and their profile
 * pictures (the event names those) are removed from storage, then their rows go and a tombstone
 * refuses an upload of theirs still in flight. Files go before the rows commit: a failure retries
 * the event, and removing a file twice removes nothing the second time.
 */
import type { EventPayload } from '@kora/contracts';
import { recordErasedMember, type Tx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Media } from '../context.js';
import { parseKey, type ParsedKey } from '../storage/keys.js';
import { keysOf } from './remove.js';

export async function eraseMediaMember(media: Media, tx: Tx, event: { payload: EventPayload<'user.deleted'> }): Promise<void> {
  const { userId, profileFiles } = event.payload;
  const { uploads, videos, erasedMembers, archives } = media.tables;
  await recordErasedMember(tx, erasedMembers, userId);
  const stored = await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.uploaderId, userId));
  const uploadedVideos = await tx.select({ key: videos.key }).from(videos).where(eq(videos.uploaderId, userId));
  const profile = profileFiles.map((url) => (url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : url));
  const parsed = [...stored, ...uploadedVideos]
    .map((r) => r.key)
    .concat(profile)
    .map(parseKey);
  const keys = new Set(parsed.filter((p): p is ParsedKey => p !== null).flatMap(keysOf));
  // Their data archive (decision 035) is theirs too.
  const [archive] = await tx.select({ key: archives.key }).from(archives).where(eq(archives.userId, userId));
  if (archive?.key) keys.add(archive.key);
  await media.ready;
  let removed = 0;
  for (const key of keys) if (await media.storage.remove(key)) removed += 1;
  await tx.delete(uploads).where(eq(uploads.uploaderId, userId));
  await tx.delete(videos).where(eq(videos.uploaderId, userId));
  await tx.delete(archives).where(eq(archives.userId, userId));
  media.ctx.log.info({ userId, removed }, "an erased member's files removed");
}
