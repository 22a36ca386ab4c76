/**
 * While one of the post's videos is still being transcoded and the card is on screen, the card
 * checks back every few seconds until the video is ready (or failed). A failed check stops it
 * until the page is loaded again, so a missing post is not asked for forever.
 */
import type { Post } from '@kora/contracts';
import { useEffect, type RefObject } from 'react';
import { useInView } from '~/utils/use-in-view';
import { hasProcessingVideo } from './post-state';
import { usePostReload } from './use-post-reload';

export const VIDEO_REFRESH_MS = 4_000;

export function useVideoRefresh(post: Post, onPost: (post: Post) => void, card: RefObject<Element | null>): void {
  const waiting = hasProcessingVideo(post);
  // Without IntersectionObserver every waiting card checks back; cards not waiting watch nothing.
  const onScreen = useInView(card, { unsupported: true, enabled: waiting });
  const { reload, state, data, error } = usePostReload(post.id, onPost);
  useEffect(() => {
    if (!waiting || !onScreen || state !== 'idle' || error) return;
    const timer = window.setTimeout(reload, VIDEO_REFRESH_MS);
    return () => window.clearTimeout(timer);
    // `data` re-arms the timer after every answer.
  }, [waiting, onScreen, state, data, error, reload]);
}
