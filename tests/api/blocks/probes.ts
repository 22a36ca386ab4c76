/**
 * What a member of a blocked pair tries against the other (decision 036), one probe per route that
 * names or lists members: each call and what it must answer once the block has reached the service.
 * Each probe can fail: before the block the pair were friends with notifications both ways and
 * shared posts, comments, likes, saves, a group, stories and reels (blocks.test.ts and scene.ts set
 * that up, and check that no probe holds yet), so without the rule the other member shows. A service
 * that learns the block rule adds its probes here, and blocks.test.ts runs every probe both ways.
 * Suggestions, pending requests, presence and memories (posts from past years) are proved in the
 * services' own tests, where the pair can be set up to show there first.
 */
import {
  safetyTexts,
  type Notification,
  type Post,
  type Reel,
  type ReelComment,
  type Relation,
  type StoryGroup,
  type StoryViewer,
} from '@kora/contracts';
import { expect } from 'vitest';
import { auth, json, type SignedIn } from '../support/members.js';
import { api, body } from '../support/product.js';
import type { Scene } from './scene.js';

export interface Probe {
  /** `METHOD /path` as the OpenAPI document spells it, and which use of it when one route has several probes. */
  operation: string;
  /** The call toggles something (a like): it is not tried before the block, where it would undo the scene. */
  toggles?: true;
  /**
   * Asks as `who` about `other`; resolves true once the answer shows the block (the service's
   * projection may still be catching up), and asserts the answer's exact shape when it does.
   */
  holds(who: SignedIn, other: SignedIn, scene: Scene): Promise<boolean>;
}

const ids = (items: { id?: number; userId?: number; actorId?: number }[]) => items.map((i) => i.id ?? i.userId ?? i.actorId);

/** An id no post, story, reel or member has. */
const MISSING_ID = 999_999_999;

/**
 * Whether the call about the other's thing answers byte for byte what it answers for a thing that
 * does not exist: nothing tells a block from a missing thing.
 */
async function answersAsMissing(call: (id: number) => [string, RequestInit], id: number): Promise<boolean> {
  const [seen, missing] = await Promise.all([api(...call(id)), api(...call(MISSING_ID))]);
  const [seenText, missingText] = await Promise.all([seen.text(), missing.text()]);
  return seen.status === 404 && seen.status === missing.status && seenText === missingText;
}

const bare = (who: SignedIn, method = 'POST'): RequestInit => ({ ...auth(who.token), method });
/** What `who` reads at `path`, which must answer 200: a refused read would pass a probe by accident. */
async function read<T>(who: SignedIn, path: string): Promise<T> {
  const res = await api(path, auth(who.token));
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return body<T>(res);
}
const postsOf = (who: SignedIn, path: string) => read<Post[]>(who, path);
const authoredBy = (posts: Post[], other: SignedIn) => posts.some((p) => p.author.id === other.user.user_id);
/** Whether `post` shows nothing of `other`: no comment, no like, no mention. */
const clearOf = (post: Post, other: SignedIn) =>
  !post.comments.some((c) => c.userId === other.user.user_id) &&
  !post.likes.some((l) => l.userId === other.user.user_id) &&
  !post.mentions.some((m) => m.userId === other.user.user_id);

export const blockProbes: Probe[] = [
  {
    operation: 'GET /api/users/{id}',
    async holds(who, other) {
      return answersAsMissing((id) => [`/api/users/${id}`, auth(who.token)], other.user.user_id);
    },
  },
  {
    operation: 'GET /api/users/search',
    async holds(who, other) {
      const found = await body<{ id: number }[]>(
        await api(`/api/users/search?q=${encodeURIComponent(other.user.user_name)}`, auth(who.token)),
      );
      return !ids(found).includes(other.user.user_id);
    },
  },
  {
    operation: 'POST /api/friends/requests',
    async holds(who, other) {
      const res = await api('/api/friends/requests', json({ toUserId: other.user.user_id }, who.token));
      if (res.status !== 403) return false;
      expect(await res.json()).toMatchObject({ error: safetyTexts.requestBlocked, code: 'REQUEST_BLOCKED' });
      return true;
    },
  },
  {
    operation: 'GET /api/friends/relation/{userId}',
    async holds(who, other) {
      const relation = await body<Relation>(await api(`/api/friends/relation/${other.user.user_id}`, auth(who.token)));
      return relation.status === 'none' && !relation.canRequest && relation.reason === safetyTexts.requestBlocked;
    },
  },
  {
    operation: 'GET /api/friends/list',
    async holds(who, other) {
      return !ids(await body<{ id: number }[]>(await api('/api/friends/list', auth(who.token)))).includes(other.user.user_id);
    },
  },
  {
    operation: 'GET /api/notifications',
    async holds(who, other) {
      const list = await body<Notification[]>(await api('/api/notifications', auth(who.token)));
      return !list.some((n) => n.actorId === other.user.user_id);
    },
  },
  {
    operation: 'GET /api/posts (the home feed)',
    async holds(who, other, scene) {
      const feed = await postsOf(who, '/api/posts?limit=50');
      const own = feed.find((p) => p.id === scene(who).post.id);
      return !authoredBy(feed, other) && own !== undefined && clearOf(own, other);
    },
  },
  {
    operation: "GET /api/posts (the other's profile, authorId)",
    async holds(who, other) {
      return !authoredBy(await postsOf(who, `/api/posts?authorId=${other.user.user_id}&limit=50`), other);
    },
  },
  {
    operation: "GET /api/posts/{id} (the other's post)",
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/posts/${id}`, auth(who.token)], scene(other).post.id);
    },
  },
  {
    operation: "GET /api/posts/{id} (one's own post: its comments, likers and mentions)",
    async holds(who, other, scene) {
      return clearOf(await read<Post>(who, `/api/posts/${scene(who).post.id}`), other);
    },
  },
  {
    operation: 'POST /api/posts/{id}/react',
    toggles: true,
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/posts/${id}/react`, json({ reaction: 'like' }, who.token)], scene(other).post.id);
    },
  },
  {
    operation: 'POST /api/posts/{id}/comment',
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/posts/${id}/comment`, json({ content: 'Still here?' }, who.token)], scene(other).post.id);
    },
  },
  {
    operation: 'POST /api/posts/{id}/share',
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/posts/${id}/share`, bare(who)], scene(other).post.id);
    },
  },
  {
    operation: 'POST /api/saves',
    async holds(who, other, scene) {
      return answersAsMissing((postId) => ['/api/saves', json({ postId }, who.token)], scene(other).post.id);
    },
  },
  {
    operation: 'GET /api/saves',
    async holds(who, other) {
      return !authoredBy(await postsOf(who, '/api/saves?limit=50'), other);
    },
  },
  {
    operation: 'GET /api/hashtags/{tag}/posts',
    async holds(who, other, scene) {
      return !authoredBy(await postsOf(who, `/api/hashtags/${scene(other).tag}/posts?limit=50`), other);
    },
  },
  {
    operation: 'GET /api/search (posts)',
    async holds(who, other, scene) {
      return !authoredBy(await postsOf(who, `/api/search?type=posts&q=${scene(other).word}`), other);
    },
  },
  {
    operation: 'GET /api/search (people)',
    async holds(who, other) {
      const found = await read<{ id: number }[]>(who, `/api/search?type=people&q=${encodeURIComponent(other.user.user_name)}`);
      return !ids(found).includes(other.user.user_id);
    },
  },
  {
    operation: 'GET /api/groups/{id}/posts',
    async holds(who, other, scene) {
      const page = await postsOf(who, `/api/groups/${scene(who).groupId}/posts?limit=50`);
      return !authoredBy(page, other) && page.some((p) => p.id === scene(who).groupPost.id);
    },
  },
  {
    operation: 'POST /api/posts (a mention of the other)',
    // The mention stays plain text: not recorded, so no `post.mentioned` and no notification.
    async holds(who, other) {
      const res = await api('/api/posts', json({ userId: who.user.user_id, content: `Hello @${other.user.user_name}` }, who.token));
      expect(res.status, await res.clone().text()).toBe(201);
      const post = await body<Post>(res);
      return post.mentions.length === 0 && post.content === `Hello @${other.user.user_name}`;
    },
  },
  {
    operation: 'GET /api/stories',
    async holds(who, other) {
      const strip = await read<StoryGroup[]>(who, '/api/stories');
      return !strip.some((g) => g.userId === other.user.user_id);
    },
  },
  {
    operation: 'POST /api/stories/{id}/view',
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/stories/${id}/view`, bare(who)], scene(other).story.id);
    },
  },
  {
    operation: "GET /api/stories/{id}/viewers (one's own story)",
    async holds(who, other, scene) {
      const viewers = await read<StoryViewer[]>(who, `/api/stories/${scene(who).story.id}/viewers`);
      return !viewers.some((v) => v.userId === other.user.user_id);
    },
  },
  {
    operation: 'GET /api/reels',
    async holds(who, other) {
      const feed = await read<Reel[]>(who, '/api/reels?limit=30');
      return !feed.some((r) => r.authorId === other.user.user_id);
    },
  },
  {
    operation: 'GET /api/reels/{id}',
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/reels/${id}`, auth(who.token)], scene(other).reel.id);
    },
  },
  {
    operation: 'POST /api/reels/{id}/like',
    toggles: true,
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/reels/${id}/like`, bare(who)], scene(other).reel.id);
    },
  },
  {
    operation: 'POST /api/reels/{id}/share',
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/reels/${id}/share`, bare(who)], scene(other).reel.id);
    },
  },
  {
    operation: "GET /api/reels/{id}/comments (the other's reel)",
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/reels/${id}/comments`, auth(who.token)], scene(other).reel.id);
    },
  },
  {
    operation: 'POST /api/reels/{id}/comments',
    async holds(who, other, scene) {
      return answersAsMissing((id) => [`/api/reels/${id}/comments`, json({ content: 'Still here?' }, who.token)], scene(other).reel.id);
    },
  },
  {
    operation: "GET /api/reels/{id}/comments (one's own reel)",
    async holds(who, other, scene) {
      const comments = await read<ReelComment[]>(who, `/api/reels/${scene(who).reel.id}/comments`);
      return !comments.some((c) => c.userId === other.user.user_id);
    },
  },
];
