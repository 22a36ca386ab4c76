/**
 * Posts as the index keeps them (post-index.ts), read from PostgreSQL and written in bulk. A write
 * always carries the post's current state, whatever event asked for it, so events may arrive twice
 * or out of order and the document still ends as the row is.
 */
import { rowsOf, type DbOrTx } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { PostsTables } from '../../db/schema.js';
import { searchRank } from '../search-rank.js';
import type { PostDocument, PostIndex } from './post-index.js';

interface PostRow {
  id: number | string;
  author_id: number | string;
  group_id: number | string | null;
  created_at: Date | string;
  like_count: number;
  comment_count: number;
  share_count: number;
  words: string[];
}

/** Live posts aliased `p` that `where` picks, ordered by id (the backfill's key), at most `limit`. */
export async function livePostDocuments(db: DbOrTx, t: PostsTables, where: SQL, limit: number): Promise<PostDocument[]> {
  const rows = rowsOf<PostRow>(
    await db.execute(sql`
      select p.id, p.author_id, p.group_id, p.created_at, p.like_count, p.comment_count, p.share_count,
        tsvector_to_array(p.search_vector) as words
      from ${t.posts} as p
      where p.deleted_at is null and ${where}
      order by p.id
      limit ${limit}`),
  );
  return rows.map((r) => {
    const createdAt = new Date(r.created_at);
    return {
      id: Number(r.id),
      words: r.words,
      author_id: Number(r.author_id),
      group_id: r.group_id === null ? null : Number(r.group_id),
      created_at: createdAt.toISOString(),
      rank: searchRank({ likeCount: r.like_count, commentCount: r.comment_count, shareCount: r.share_count, createdAt }),
    };
  });
}

/** `ids` as one bigint[] parameter. */
export function idArray(ids: number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::bigint[]`;
}

type BulkItem = Record<string, { status: number; error?: unknown }>;

/**
 * Writes `documents` and removes `removed` in one request. `create` only adds documents that are
 * not there yet (the backfill: an event may have written a newer state meanwhile).
 */
export async function writeDocuments(
  index: PostIndex,
  documents: PostDocument[],
  removed: number[] = [],
  op: 'index' | 'create' = 'index',
): Promise<void> {
  if (documents.length === 0 && removed.length === 0) return;
  const body = [
    ...documents.flatMap((doc) => [{ [op]: { _index: index.name, _id: String(doc.id) } }, doc]),
    ...removed.map((id) => ({ delete: { _index: index.name, _id: String(id) } })),
  ];
  const { body: answer } = await index.client.bulk({ body });
  if (!answer.errors) return;
  // A create that found the document already there, or a delete that found none, changed nothing wrong.
  const failed = (answer.items as BulkItem[])
    .map((item) => Object.values(item)[0]!)
    .filter((result) => result.error !== undefined && !(op === 'create' && result.status === 409));
  if (failed.length > 0) throw new Error(`OpenSearch refused ${failed.length} writes to ${index.name}: ${JSON.stringify(failed[0])}`);
}

/** Brings the documents of `postIds` in line with their rows: written when live, removed when deleted or gone. */
export async function syncPosts(index: PostIndex, db: DbOrTx, t: PostsTables, postIds: number[]): Promise<void> {
  const ids = [...new Set(postIds)];
  if (ids.length === 0) return;
  const documents = await livePostDocuments(db, t, sql`p.id = any(${idArray(ids)})`, ids.length);
  const live = new Set(documents.map((d) => d.id));
  await writeDocuments(
    index,
    documents,
    ids.filter((id) => !live.has(id)),
  );
}

/** The ids of an author's documents, a page at a time (an erased member's posts are all gone). */
export async function removeAuthorDocuments(index: PostIndex, authorId: number): Promise<void> {
  for (;;) {
    const { body } = await index.client.search({
      index: index.name,
      body: { size: 1_000, _source: false, query: { term: { author_id: authorId } } },
    });
    const ids = body.hits.hits.map((hit) => Number(hit._id));
    if (ids.length === 0) return;
    await writeDocuments(index, [], ids);
    await index.client.indices.refresh({ index: index.name });
  }
}
