/**
 * Hashtags (docs/product/search.md; decision 025).
 * - GET /api/hashtags/trending?limit= -> [{ tag, count }]: the most used tags of the last 7 days'
 *   public posts, most first, ties by tag; counted at most once a minute.
 * - GET /api/hashtags/:tag/posts?cursor=&limit= -> [post]: the posts whose text or a live comment
 *   carries the tag, newest first, as the caller may see them; the feed's paging. A tag that
 *   cannot be one is 404 "Hashtag not found" (an empty list is the answer for one nobody used yet).
 */
import { hashtagCountSchema, hashtagParams, pageQuery, postListSchema, trendingQuery } from '@kora/contracts';
import { errors, memberOf, memberOnly, sendJsonText, type ServiceApp, setNextPage } from '@kora/platform/service';
import { z } from 'zod';
import type { Posts } from '../context.js';
import { hashtagNotFound } from '../errors.js';
import { postListAnswer } from '../feed/answers.js';
import { decodeCursor } from '../feed/cursor.js';
import { cachedTrending, hashtagPage } from '../search/hashtags.js';

// Any text reaches the handler, which answers 404 for what cannot be a tag (not a 400: it is a page address).
const tagParams = z.object({ tag: z.string().describe('The tag without #, any case') });

export function hashtagRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/hashtags/trending',
    {
      schema: {
        ...memberOnly,
        operationId: 'listTrendingHashtags',
        summary: "The most used hashtags of the last 7 days' public posts",
        querystring: trendingQuery,
        response: { 200: z.array(hashtagCountSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request, reply) => sendJsonText(reply, JSON.stringify(await cachedTrending(posts, request.query.limit))),
  );

  app.get(
    '/api/hashtags/:tag/posts',
    {
      schema: {
        ...memberOnly,
        operationId: 'listHashtagPosts',
        summary: 'The posts carrying a hashtag (in their text or a comment), newest first',
        params: tagParams,
        querystring: pageQuery,
        response: { 200: postListSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const parsed = hashtagParams.safeParse(request.params);
      if (!parsed.success) throw hashtagNotFound();
      const { cursor, limit } = request.query;
      const page = await hashtagPage(posts, userId, parsed.data.tag.normalize('NFC'), {
        limit,
        after: cursor ? decodeCursor(cursor) : null,
      });
      return sendJsonText(setNextPage(reply, page.nextCursor, limit), postListAnswer(page.posts));
    },
  );
}
