/**
 * Posts and the feed (the home feed, the profile, the post page; decision 009).
 * - GET /api/posts?cursor&limit : the feed (own + friends' posts), newest first -> [post], the next
 *   page in Link / X-Next-Cursor (decision 015)
 * - GET /api/posts?authorId=&cursor&limit : a profile's posts, same paging: the member's own and
 *   those whose text mentions them with an approved mention (decision 020)
 * Every read applies the authors' profile audiences (feed/visibility.ts).
 * - GET /api/posts/:id : one post, with up to 1,000 comments
 * - POST /api/posts : publish -> 201 the post; emits post.created. With `groupId`, into that group:
 *   its approved members only (decision 021)
 * - DELETE /api/posts/:id : the author soft-deletes -> 200 { message: "Post deleted" }; emits
 *   post.deleted. A group's owner and admins may delete any post in their group.
 */
import { createPostBody, feedQuery, postDeletedAnswer, postListSchema, postSchema, postTexts } from '@kora/contracts';
import { errors, memberOf, memberOnly, sendJsonText, type ServiceApp, setNextPage } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { notAuthor, postNotFound } from '../errors.js';
import { postListAnswer } from '../feed/answers.js';
import { decodeCursor } from '../feed/cursor.js';
import { authorPage, feedPage, postJson } from '../feed/pages.js';
import { visiblePost } from '../feed/visibility.js';
import { softDeletePost } from '../moderation/post-state.js';
import { createPost } from '../posts/create-post.js';
import { moderatesGroup } from '../posts/group-access.js';
import { parsePostId, postIdParams } from '../posts/post-id.js';

export function postRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    '/api/posts',
    {
      schema: {
        ...memberOnly,
        operationId: 'listFeed',
        summary: "The feed (your posts and your friends'), or with authorId a member's profile posts (theirs and those they are tagged in)",
        querystring: feedQuery,
        response: { 200: postListSchema, 400: errors[400], 401: errors[401] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { cursor, limit, authorId } = request.query;
      const page = { limit, after: cursor ? decodeCursor(cursor) : null };
      const answer = authorId === undefined ? await feedPage(posts, userId, page) : await authorPage(posts, userId, authorId, page);
      return sendJsonText(setNextPage(reply, answer.nextCursor, limit), postListAnswer(answer.posts));
    },
  );

  app.get(
    '/api/posts/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'getPost',
        summary: 'One post, with up to 1,000 comments',
        params: postIdParams,
        response: { 200: postSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const post = await postJson(posts, userId, parsePostId(request.params.id));
      if (post === undefined) throw postNotFound();
      return sendJsonText(reply, post);
    },
  );

  app.post(
    '/api/posts',
    {
      schema: {
        ...memberOnly,
        operationId: 'createPost',
        summary: 'Publish a post (text, photos and videos uploaded through /api/media/upload)',
        body: createPostBody,
        response: { 201: postSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const id = await createPost(posts, userId, request.body);
      return sendJsonText(reply.code(201), (await postJson(posts, userId, id))!);
    },
  );

  app.delete(
    '/api/posts/:id',
    {
      schema: {
        ...memberOnly,
        operationId: 'deletePost',
        summary: "Delete your post, or, as a group's owner or admin, a post in your group",
        params: postIdParams,
        response: { 200: postDeletedAnswer, 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      // Someone else's hidden post does not exist for this member: 404, not 403.
      const row = await visiblePost(posts, userId, parsePostId(request.params.id));
      if (!row) throw postNotFound();
      if (row.authorId !== userId && !(row.groupId !== null && (await moderatesGroup(posts, userId, row.groupId)))) throw notAuthor();
      const deleted = await posts.ctx.transact((tx, emit) =>
        softDeletePost(posts, tx, emit, row.id, { actorId: userId, byModerator: false }),
      );
      if (!deleted) throw postNotFound(); // deleted meanwhile by another request
      return { message: postTexts.deleted };
    },
  );
}
