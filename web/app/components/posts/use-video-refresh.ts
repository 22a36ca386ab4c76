/**
 * While one of the post's videos is still being transcoded and the card is on screen (or within a
 * screen of it), the card checks back every few seconds until the video is ready (or failed). A
 * failed check (the network or a service briefly away) does not end the wait: the next one comes
 * later, each gap twice the last, up to a minute. Only a post that is gone stops it.
 *
 * Whether the card is near the screen is measured when the timer fires, not watched with an
 * IntersectionObserver: an observer reports only on rendered frames, and on a starved machine a card
 * that appeared below the fold and then moved up as the composer emptied was never reported in
 * view, so it never checked back (the browser test caught it; the logs showed no check at all).
 */
import type { Post } from '@kora/contracts';
import { useEffect, useState, type RefObject } from 'react';
import { hasProcessingVideo } from './post-state';
import { usePostReload } from './use-post-reload';

export const VIDEO_REFRESH_MS = 4_000;
export const VIDEO_REFRESH_MAX_MS = 60_000;

/** The wait before the next check, after `failures` failed checks in a row. */
export function videoRefreshDelay(failures: number): number {
  return Math.min(VIDEO_REFRESH_MAX_MS, VIDEO_REFRESH_MS * 2 ** Math.min(failures, 10));
}

/** Whether the element is on screen or within one screen height above or below it. */
export function nearScreen(element: Pick<Element, 'getBoundingClientRect'> | null, screenHeight: number): boolean {
  if (!element) return false;
  const { top, bottom } = element.getBoundingClientRect();
  return bottom >= -screenHeight && top <= 2 * screenHeight;
}

export function useVideoRefresh(post: Post, onPost: (post: Post) => void, card: RefObject<Element | null>): void {
  const waiting = hasProcessingVideo(post);
  const { reload, state, data, failures, gone } = usePostReload(post.id, onPost);
  // Bumped when a check is skipped (the card was far off screen), which re-arms the timer.
  const [skipped, setSkipped] = useState(0);
  useEffect(() => {
    if (!waiting || state !== 'idle' || gone) return;
    const timer = window.setTimeout(() => {
      if (nearScreen(card.current, window.innerHeight)) reload();
      else setSkipped((count) => count + 1);
    }, videoRefreshDelay(failures));
    return () => window.clearTimeout(timer);
    // `data` re-arms the timer after every answer.
  }, [waiting, state, data, failures, gone, reload, skipped, card]);
}
