/**
 * Fills the index from PostgreSQL (decision 048): every live post, in id order, a batch per bulk
 * request. At start-up it runs once per index (until `markBackfilled`), adding only documents the
 * events have not written yet; `overwrite` rewrites every one (a reindex).
 */
import type { DbOrTx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { PostsTables } from '../../db/schema.js';
import { livePostDocuments, writeDocuments } from './documents.js';
import { markBackfilled, type PostIndex } from './post-index.js';

export interface BackfillOptions {
  batch?: number;
  overwrite?: boolean;
  /** Told after each batch how many posts were written so far. */
  progress?: (written: number) => void;
}

/** Resolves how many posts were written. */
export async function backfillPostIndex(index: PostIndex, db: DbOrTx, t: PostsTables, options: BackfillOptions = {}): Promise<number> {
  const batch = options.batch ?? 2_000;
  let after = 0;
  let written = 0;
  for (;;) {
    const documents = await livePostDocuments(db, t, sql`p.id > ${after}`, batch);
    if (documents.length === 0) break;
    await writeDocuments(index, documents, [], options.overwrite ? 'index' : 'create');
    written += documents.length;
    after = documents[documents.length - 1]!.id;
    options.progress?.(written);
  }
  await markBackfilled(index);
  return written;
}
