/**
 * What keeps the index current (decision 048): this service's own events about a post (published,
 * deleted, liked, unliked, commented, shared; restored, shadowed or removed by a moderator) rewrite
 * its document from the row, and an erased member's documents go. A failed write fails the event,
 * which the consumer retries: OpenSearch being away delays the index, it loses nothing. So does an
 * index not made yet (`ready`): a write would otherwise make one with a guessed mapping.
 */
import type { ConsumerDefinition, EventHandler } from '@kora/platform/service';
import type { PostsTables } from '../../db/schema.js';
import { removeAuthorDocuments, syncPosts } from './documents.js';
import type { PostIndex } from './post-index.js';

type PostEvent = 'post.created' | 'post.deleted' | 'post.liked' | 'post.unliked' | 'post.commented' | 'post.shared';

export function postIndexer(index: PostIndex, tables: PostsTables, ready: () => boolean = () => true): ConsumerDefinition {
  const whenReady = () => {
    if (!ready()) throw new Error(`${index.name} is not ready yet`);
  };
  const sync =
    <T extends PostEvent>(): EventHandler<T> =>
    async (event, tx) => {
      whenReady();
      await syncPosts(index, tx, tables, [event.payload.postId]);
    };
  return {
    name: 'search-index',
    handlers: {
      'post.created': sync(),
      'post.deleted': sync(),
      'post.liked': sync(),
      'post.unliked': sync(),
      'post.commented': sync(),
      'post.shared': sync(),
      'admin.action-recorded': async (event, tx) => {
        if (event.payload.targetType !== 'post') return;
        whenReady();
        await syncPosts(index, tx, tables, [Number(event.payload.targetId)]);
      },
      'user.deleted': async (event) => {
        whenReady();
        await removeAuthorDocuments(index, event.payload.userId);
      },
    },
  };
}
