/** A post in the contract's shape for unit tests (not used by the app). */
import type { Post, PostComment } from '@kora/contracts';

export function makeComment(id: number, overrides: Partial<PostComment> = {}): PostComment {
  return {
    id,
    userId: 2,
    username: 'bola',
    name: 'Bola Adeyemi',
    profileImage: '',
    content: `Comment ${id}`,
    createdAt: '2026-01-05T10:00:00.000Z',
    mentions: [],
    verified: false,
    ...overrides,
  };
}

export function makePost(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    author: { id: 1, username: 'ada', name: 'Ada Obi', profileImage: '', verified: false },
    content: `Post ${id}`,
    images: [],
    videos: [],
    videoDetails: [],
    likes: [],
    likeCount: 0,
    hasLiked: false,
    comments: [],
    commentCount: 0,
    shareCount: 0,
    hasShared: false,
    hasSaved: false,
    createdAt: '2026-01-05T09:00:00.000Z',
    isShadowHidden: false,
    mentions: [],
    group: null,
    sponsored: false,
    ...overrides,
  };
}
