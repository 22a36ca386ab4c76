/**
 * Posts search with OpenSearch (decision 048): OpenSearch answers ranked candidate ids; PostgreSQL
 * keeps those `viewer` may see (every rule of feed/visibility.ts, less posts carrying a word they
 * muted, as posts.ts does) in OpenSearch's order, asking for further candidates until the page is
 * full or the matches run out, then writes the shown posts as the feed's JSON (post-json.ts).
 * OpenSearch not answering (or its index not made yet) is a 503, as a sibling service down is.
 */
import { apiErrorTexts } from '@kora/contracts';
import { AppError, carriesNoWordMutedBy, rowsOf } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../../context.js';
import { LIST_COMMENTS, postJsonSql, type PostJsonRow } from '../../feed/post-json.js';
import { visibleTo } from '../../feed/visibility.js';
import type { FoundPosts, PostSearch } from '../post-search.js';
import { offsetPage, type RankedWindow } from '../ranked-cursor.js';
import { searchWords } from '../words.js';
import { candidateBatch, type CandidateBatch, type SortKey } from './candidates.js';
import { idArray } from './documents.js';
import type { PostIndex } from './post-index.js';

/** Candidates asked for at first (twice what the page needs, at least this), doubling up to the most one search returns. */
export const FIRST_BATCH = 100;
const LARGEST_BATCH = 10_000;
/** Words kept folded; past this many the memory starts again. */
const FOLDED_KEPT = 10_000;

/** Posts aliased `p` that `viewer` may find. */
function findableBy(posts: Posts, viewer: number): SQL {
  return sql`${visibleTo(posts.tables, viewer)} and ${carriesNoWordMutedBy(posts.tables.mutes, viewer, sql`p.content`)}`;
}

/** Of `ids`, those `viewer` may find, in the order given. */
async function findable(posts: Posts, viewer: number, ids: number[]): Promise<number[]> {
  const rows = rowsOf<{ id: number | string }>(
    await posts.ctx.db.execute(sql`
      select p.id from ${posts.tables.posts} as p where p.id = any(${idArray(ids)}) and ${findableBy(posts, viewer)}`),
  );
  const kept = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => kept.has(id));
}

/**
 * The feed's JSON of the posts `viewer` may find among `ids` (in that order), those after the first
 * `skip` of them, at most `take`: one statement. post-json.ts shows rows by `sort_at`, so the order
 * travels as instants a microsecond apart.
 */
async function pageAmong(posts: Posts, viewer: number, ids: number[], skip: number, take: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const page = sql`
    select p.*, timestamptz '2000-01-01 00:00:00+00' - p.place * interval '1 microsecond' as sort_at from (
      select p.*, row_number() over (order by o.n) as place
      from unnest(${idArray(ids)}) with ordinality as o(id, n)
      join ${posts.tables.posts} as p on p.id = o.id
      where ${findableBy(posts, viewer)}
    ) as p
    where p.place > ${skip} and p.place <= ${skip + take}`;
  const statement = postJsonSql(posts.tables, viewer, posts.now().toISOString(), page, LIST_COMMENTS);
  return rowsOf<PostJsonRow>(await posts.ctx.db.execute(statement)).map((r) => r.post);
}

const searchUnavailable = () => new AppError(503, 'SERVICE_UNAVAILABLE', apiErrorTexts.serviceUnavailable('search'));

export function openSearchPosts(posts: Posts, index: PostIndex, ready: () => boolean = () => true): PostSearch {
  const folded = new Map<string, string>();

  /**
   * The words as the index holds them: folded by the function PostgreSQL's `search_vector` is made
   * with (`kora_search_text`), asked once per word and then remembered.
   */
  async function foldedWords(words: string[]): Promise<string[]> {
    const unknown = [...new Set(words.filter((word) => !folded.has(word)))];
    if (unknown.length > 0) {
      const each = sql.join(
        unknown.map((word) => sql`public.kora_search_text(${word}::text)`),
        sql`, `,
      );
      const [row] = rowsOf<{ words: string[] }>(await posts.ctx.db.execute(sql`select array[${each}]::text[] as words`));
      if (folded.size + unknown.length > FOLDED_KEPT) folded.clear();
      unknown.forEach((word, i) => folded.set(word, row?.words[i] ?? ''));
    }
    return words.map((word) => folded.get(word) ?? '').filter((word) => word !== '');
  }

  async function candidates(words: string[], size: number, after: SortKey | null): Promise<CandidateBatch> {
    if (!ready()) throw searchUnavailable();
    try {
      return await candidateBatch(index, words, size, after);
    } catch (err) {
      posts.ctx.log.error({ err, index: index.name }, 'OpenSearch did not answer a posts search');
      throw searchUnavailable();
    }
  }

  return {
    async posts(viewer: number, query: string, window: RankedWindow): Promise<FoundPosts> {
      const words = await foldedWords(searchWords(query));
      if (words.length === 0) return { items: [], nextCursor: null };
      const wanted = window.offset + window.take;
      let size = Math.min(LARGEST_BATCH, Math.max(FIRST_BATCH, 2 * wanted));
      const first = await candidates(words, size, null);
      // Mostly the first batch holds the page: one statement decides who may see what and writes it.
      const firstPage = await pageAmong(posts, viewer, first.ids, window.offset, window.take);
      if (firstPage.length === window.take || first.next === null) return offsetPage(firstPage, window);
      // Too few of them for this viewer: the findable ones counted batch by batch until the page is full.
      const shown = await findable(posts, viewer, first.ids);
      let after: SortKey | null = first.next;
      while (shown.length < wanted && after !== null) {
        size = Math.min(LARGEST_BATCH, 2 * size);
        const batch = await candidates(words, size, after);
        shown.push(...(await findable(posts, viewer, batch.ids)));
        after = batch.next;
      }
      const page = shown.slice(window.offset, wanted);
      return offsetPage(await pageAmong(posts, viewer, page, 0, page.length), window);
    },
  };
}
