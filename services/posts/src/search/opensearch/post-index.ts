/**
 * The OpenSearch index of posts (decision 048): one document per live post with the words
 * PostgreSQL's own `search_vector` holds (so both engines match the same words the same way), the
 * author, the group, the time and the rank (search-rank.ts). The mapping is versioned in the
 * index's name: a new mapping is a new, empty index, filled at the next start (backfill.ts).
 */
import { Client, type API } from '@opensearch-project/opensearch';

/** Raise it with any change of the mapping or the settings below. */
export const MAPPING_VERSION = 1;

export interface PostIndex {
  client: Client;
  /** `<prefix>-<schema>-posts-v<version>`: each service schema (tests make one per run) has its own. */
  name: string;
}

export function postIndexName(prefix: string, schema: string): string {
  return `${prefix}-${schema.toLowerCase()}-posts-v${MAPPING_VERSION}`;
}

/** The index `name` on the cluster at `url` (credentials, if any, in the URL). */
export function openPostIndex(url: string, name: string): PostIndex {
  return { client: new Client({ node: url }), name };
}

/** One document per post; `_id` is the post id. */
export interface PostDocument {
  id: number;
  /** The post's lexemes as PostgreSQL folds them (unaccented, lower case). */
  words: string[];
  author_id: number;
  group_id: number | null;
  created_at: string;
  rank: number;
}

const definition: API.Indices_Create_RequestBody = {
  settings: {
    index: {
      number_of_shards: 1,
      // One copy more once the cluster has a second node; none on a single node (tests, small sites).
      auto_expand_replicas: '0-1',
      // Segments kept in the order results are asked in: a common word's first page stops early.
      'sort.field': ['rank', 'id'],
      'sort.order': ['desc', 'desc'],
    },
  },
  mappings: {
    dynamic: 'strict',
    // `backfilled` is set once every post of the database was written (backfill.ts).
    _meta: { version: MAPPING_VERSION, backfilled: false },
    // The words are searched, never shown: not kept in the stored source.
    _source: { excludes: ['words'] },
    properties: {
      id: { type: 'long' },
      // Already folded and split by PostgreSQL: matched as exact terms and prefixes, no analysis.
      words: { type: 'keyword', doc_values: false },
      author_id: { type: 'long' },
      group_id: { type: 'long' },
      created_at: { type: 'date' },
      rank: { type: 'double' },
    },
  },
};

/** Makes the index when it is missing (another replica may make it at the same time). */
export async function ensurePostIndex(index: PostIndex): Promise<void> {
  const exists = await index.client.indices.exists({ index: index.name });
  if (exists.body) return;
  try {
    await index.client.indices.create({ index: index.name, body: definition });
  } catch (err) {
    if (!String((err as Error).message).includes('resource_already_exists_exception')) throw err;
  }
}

/** Whether a backfill wrote every post of the database into the index. */
export async function isBackfilled(index: PostIndex): Promise<boolean> {
  const { body } = await index.client.indices.getMapping({ index: index.name });
  const meta = (body as Record<string, { mappings?: { _meta?: { backfilled?: boolean } } }>)[index.name]?.mappings?._meta;
  return meta?.backfilled === true;
}

export async function markBackfilled(index: PostIndex): Promise<void> {
  await index.client.indices.putMapping({ index: index.name, body: { _meta: { version: MAPPING_VERSION, backfilled: true } } });
}

/** Makes what was written searchable now rather than at the next refresh (tests, the bench). */
export async function refreshPostIndex(index: PostIndex): Promise<void> {
  await index.client.indices.refresh({ index: index.name });
}
