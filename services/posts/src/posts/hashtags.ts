/**
 * Storing a text's `#tags` (decision 025): one row per distinct tag of a post's own text, or of a
 * comment, written in the same transaction as the post or comment, by the contracts' one rule
 * (`hashtagsIn`, the same the web app links with).
 */
import { hashtagsIn } from '@kora/contracts';
import type { DbOrTx } from '@kora/platform/service';
import type { PostsTables } from '../db/schema.js';

export interface TaggedText {
  postId: number;
  /** Null for the post's own text. */
  commentId: number | null;
  text: string;
  createdAt: Date;
}

export async function recordHashtags(db: DbOrTx, tables: PostsTables, texts: TaggedText[]): Promise<void> {
  const rows = texts.flatMap(({ postId, commentId, text, createdAt }) =>
    hashtagsIn(text).map((tag) => ({ postId, commentId, tag, createdAt })),
  );
  if (rows.length === 0) return;
  // A repeat (the backfill meeting a post written meanwhile) changes nothing.
  await db.insert(tables.hashtags).values(rows).onConflictDoNothing();
}
