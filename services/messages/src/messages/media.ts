/**
 * A message's photos and video as the API answers them (`messageMediaSchema`): the row stores what
 * was attached, and a video's state, poster and length come from the videos projection (media's
 * events), read for a whole page at once. A video with no row yet is still processing (media's
 * event has not reached us), as posts show it (decision 010).
 */
import { messageTexts, type MessageMedia } from '@kora/contracts';
import type { DbOrTx } from '@kora/platform/service';
import { inArray } from 'drizzle-orm';
import type { MessagesTables, VideoRow } from '../db/schema.js';

/** What an answer shows of each video, by URL. */
export type VideoStates = ReadonlyMap<string, Pick<VideoRow, 'status' | 'posterUrl' | 'durationSeconds' | 'error'>>;

/** The projection's rows for every video among `media` lists, by URL. */
export async function videoStates(db: DbOrTx, tables: MessagesTables, media: MessageMedia[][]): Promise<VideoStates> {
  const urls = [...new Set(media.flat().flatMap((item) => (item.type === 'video' ? [item.url] : [])))];
  if (urls.length === 0) return new Map();
  const rows = await db.select().from(tables.videos).where(inArray(tables.videos.url, urls));
  return new Map(rows.map((row) => [row.url, row]));
}

export function mediaJson(media: MessageMedia[], videos: VideoStates): MessageMedia[] {
  return media.map((item): MessageMedia => {
    if (item.type === 'image') return { url: item.url, type: 'image', posterUrl: null, state: 'ready', durationSeconds: null, error: null };
    const video = videos.get(item.url);
    const state = video?.status ?? 'processing';
    return {
      url: item.url,
      type: 'video',
      posterUrl: state === 'ready' ? (video?.posterUrl ?? null) : null,
      state,
      durationSeconds: state === 'ready' ? (video?.durationSeconds ?? null) : null,
      error: state === 'failed' ? video?.error || messageTexts.videoFailed : null,
    };
  });
}
