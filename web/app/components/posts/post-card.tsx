/**
 * A post as members see it (docs/product/posts-and-feed.md): author and time, text, photos and
 * videos, counts, Like / Comment / Share, comments and the comment box, and the menu (save, delete
 * for the author). The card keeps its own copy of the post (post-state.ts): actions update it from
 * their answers, a fresher copy from the page (revalidation) or from the server (a video finished)
 * replaces it.
 */
import { postScreenTexts, type Post } from '@kora/contracts';
import { useEffect, useReducer, useRef } from 'react';
import { LinkifiedText } from '~/components/linkified-text';
import { Card } from '~/components/ui/card';
import { useCurrentUser } from '~/utils/use-current-user';
import { PostActions } from './post-actions';
import { PostComments } from './post-comments';
import { PostHeader } from './post-header';
import { PostMedia } from './post-media';
import { PostMenu } from './post-menu';
import { postReducer } from './post-state';
import { useVideoRefresh } from './use-video-refresh';

export interface PostCardProps {
  post: Post;
  /** The time relative dates are measured from (see utils/use-now.ts). */
  now: number;
  /** Called after the author deleted the post (the list drops it, the post page leaves). */
  onDeleted?: (postId: number) => void;
  /** The member may delete any post here (a group's owner and admins in their group). */
  moderator?: boolean;
  /** On the first screen: its photos load at once rather than lazily. */
  priority?: boolean;
}

/** The card's copy of the post; a new object from the page (revalidation) replaces it. */
function usePostState(fromPage: Post) {
  const [post, dispatch] = useReducer(postReducer, fromPage);
  const seen = useRef(fromPage);
  useEffect(() => {
    if (seen.current === fromPage) return;
    seen.current = fromPage;
    dispatch({ type: 'snapshot', post: fromPage });
  }, [fromPage]);
  return [post, dispatch] as const;
}

export function PostCard({ post: fromPage, now, onDeleted, moderator, priority }: PostCardProps) {
  const [post, dispatch] = usePostState(fromPage);
  const user = useCurrentUser();
  const card = useRef<HTMLDivElement>(null);
  const commentBox = useRef<HTMLTextAreaElement>(null);
  useVideoRefresh(post, (fresh) => dispatch({ type: 'snapshot', post: fresh }), card);

  return (
    <Card ref={card} role="article" aria-label={postScreenTexts.postBy(post.author.name)}>
      <PostHeader
        post={post}
        now={now}
        menu={
          <PostMenu
            post={post}
            isAuthor={user?.id === post.author.id || moderator === true}
            ownPost={user?.id === post.author.id}
            canReport={user !== null && user.id !== post.author.id}
            dispatch={dispatch}
            onDeleted={onDeleted}
          />
        }
      />
      {post.content ? (
        <p className="whitespace-pre-wrap break-words px-4 pt-3 text-[15px] leading-relaxed text-slate-800">
          <LinkifiedText text={post.content} memberContent mentions={post.mentions} />
        </p>
      ) : null}
      <PostMedia post={post} priority={priority} />
      <PostActions post={post} dispatch={dispatch} onComment={() => commentBox.current?.focus()} />
      <PostComments post={post} now={now} dispatch={dispatch} inputRef={commentBox} />
    </Card>
  );
}
