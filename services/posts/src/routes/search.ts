/**
 * Search (docs/product/search.md; decision 025).
 * - GET /api/search?q=&type=people|posts|groups|hashtags&cursor=&limit= -> a bare array of the
 *   type's cards (people: member cards; posts: the feed's posts, as the caller may see them;
 *   groups: group cards; hashtags: tags with their public post counts), best match first, the next
 *   page in Link / X-Next-Cursor (an offset: a ranked list has no key to continue from). A blank
 *   `q` answers []. Posts are found by the engine SEARCH_BACKEND names (decision 048); a 503 when
 *   OpenSearch does not answer.
 */
import { memberCardSchema, searchAnswerSchema, searchQuery } from '@kora/contracts';
import { errors, memberOf, memberOnly, sendJsonText, type ServiceApp, setNextPage } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { postListAnswer } from '../feed/answers.js';
import { searchGroups } from '../search/groups.js';
import { searchHashtags } from '../search/hashtags.js';
import { searchPeople } from '../search/people.js';
import type { PostSearch } from '../search/post-search.js';
import { rankedWindow } from '../search/ranked-cursor.js';

const answerSchema = searchAnswerSchema.meta({
  description: 'The results of the type asked for: member cards, posts, group cards or hashtags with counts',
  example: [memberCardSchema.meta()?.example],
});

/** `postSearch` finds posts, whichever engine is behind it (decision 048). */
export function searchRoutes(app: ServiceApp, posts: Posts, postSearch: PostSearch): void {
  app.get(
    '/api/search',
    {
      schema: {
        ...memberOnly,
        operationId: 'search',
        summary: 'Search people, posts, groups or hashtags',
        querystring: searchQuery,
        response: { 200: answerSchema, 400: errors[400], 401: errors[401], 503: errors[503] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { q, type, cursor, limit } = request.query;
      const window = rankedWindow(cursor, limit);
      if (q.trim() === '') return sendJsonText(reply, '[]');
      if (type === 'posts') {
        const page = await postSearch.posts(userId, q, window);
        return sendJsonText(setNextPage(reply, page.nextCursor, limit), postListAnswer(page.items));
      }
      const page =
        type === 'people'
          ? await searchPeople(posts, userId, q, window)
          : type === 'groups'
            ? await searchGroups(posts, q, window)
            : await searchHashtags(posts, q, window);
      return sendJsonText(setNextPage(reply, page.nextCursor, limit), JSON.stringify(page.items));
    },
  );
}
