/**
 * What the stories' raw queries read of one story, and how it is answered (contracts' `Story`).
 * Times are rendered by SQL as ISO strings, so both database drivers answer the same text.
 */
import { storyTexts, type ClipState, type Story, type StoryType } from '@kora/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz as JavaScript's `toISOString()` writes it (UTC, milliseconds). */
export function isoSql(column: unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export interface StoryQueryRow {
  id: number;
  user_id: number;
  url: string;
  type: StoryType;
  created_at: string;
  expires_at: string;
  /** The videos projection's state of a video story (null: no event yet, still processing). */
  video_status: ClipState | null;
  poster_url: string | null;
  video_error: string | null;
  seen: boolean;
  /** Counted for the owner only. */
  view_count: number | null;
  /** The owner as the member snapshot knows them (null until auth's event arrived). */
  username: string | null;
  display_name: string | null;
  profile_image: string | null;
}

/** An image is ready at once; a video is as the videos projection says (processing until it speaks). */
export function stateOf(type: StoryType, videoStatus: ClipState | null): ClipState {
  return type === 'image' ? 'ready' : (videoStatus ?? 'processing');
}

export function toStory(row: StoryQueryRow): Story {
  const state = stateOf(row.type, row.video_status);
  return {
    id: row.id,
    url: row.url,
    type: row.type,
    createdAt: row.created_at,
    userId: row.user_id,
    expiresAt: row.expires_at,
    state,
    posterUrl: state === 'ready' ? row.poster_url : null,
    error: state === 'failed' ? (row.video_error ?? storyTexts.failed) : null,
    seen: row.seen,
    viewCount: row.view_count,
  };
}
