/**
 * Which comments a card shows (docs/product/posts-and-feed.md: "Comments preview shows the first 2;
 * View all N comments expands, Show fewer comments collapses").
 */
import { postLimits, postScreenTexts, type Post, type PostComment } from '@kora/contracts';

export const COMMENTS_PREVIEW = postLimits.commentsPreview;

export function visibleComments(comments: PostComment[], expanded: boolean): PostComment[] {
  return expanded ? comments : comments.slice(0, COMMENTS_PREVIEW);
}

/** The toggle's text, or null when every comment already fits in the preview. */
export function commentsToggleLabel(commentCount: number, expanded: boolean): string | null {
  if (commentCount <= COMMENTS_PREVIEW) return null;
  return expanded ? postScreenTexts.showFewerComments : postScreenTexts.viewAllComments(commentCount);
}

/** Lists carry only the first comments: expanding a post with more must load the whole post. */
export function needsFullComments(post: Pick<Post, 'comments' | 'commentCount'>, expanded: boolean): boolean {
  return expanded && post.commentCount > post.comments.length;
}
