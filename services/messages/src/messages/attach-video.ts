/**
 * The checks on a video attached to a message (decision 039), made on the videos projection inside
 * the send's transaction: a video media says another member uploaded is refused (403), and so is
 * one that failed (400, with media's reason). A video media has not announced yet (its event lags
 * the upload by moments) is taken as the sender's: its URL is unguessable and nobody else has seen
 * it. Photos are not checked: no event names an image's uploader (decision 010).
 *
 * The projection row is inserted or locked in one statement, so a `video.processed` or
 * `video.failed` applied at the same moment either comes first (and the message is stored with
 * the video's new state) or waits for this send to commit (and then finds the message to
 * announce again): the message never keeps a stale state.
 */
import type { Tx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import type { VideoRow } from '../db/schema.js';
import { videoFailed, videoNotYours } from '../errors.js';

/** The video's projection row (locked until the send commits), once it passed the checks. */
export async function requireSendableVideo(m: Messages, tx: Tx, senderId: number, url: string): Promise<VideoRow> {
  const { videos } = m.tables;
  const [row] = await tx
    .insert(videos)
    .values({ url, status: 'processing', updatedAt: m.now() })
    .onConflictDoUpdate({ target: videos.url, set: { url: sql`excluded.url` } })
    .returning();
  if (row!.uploaderId !== null && row!.uploaderId !== senderId) throw videoNotYours();
  if (row!.status === 'failed') throw videoFailed(row!.error);
  return row!;
}
