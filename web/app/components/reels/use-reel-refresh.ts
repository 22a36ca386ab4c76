/**
 * The author's own reel still being processed asks for itself again every few seconds until it is
 * ready (then it plays) or failed (then its reason shows); a failed check waits longer each time.
 */
import type { Reel } from '@kora/contracts';
import { useEffect, useRef } from 'react';
import { videoRefreshDelay } from '~/components/posts/use-video-refresh';
import { loadReel } from './reels-api';

export function useReelRefresh(reel: Reel, onReel: (reel: Reel) => void): void {
  const update = useRef(onReel);
  update.current = onReel;
  const processing = reel.state === 'processing';
  useEffect(() => {
    if (!processing) return;
    let failures = 0;
    let timer = 0;
    let stopped = false;
    const check = async () => {
      const answer = await loadReel(reel.id);
      if (stopped) return;
      if (answer.ok) {
        failures = 0;
        if (answer.data.state !== 'processing') return update.current(answer.data);
      } else if (answer.status === 404) {
        return;
      } else {
        failures += 1;
      }
      timer = window.setTimeout(() => void check(), videoRefreshDelay(failures));
    };
    timer = window.setTimeout(() => void check(), videoRefreshDelay(0));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [processing, reel.id]);
}
