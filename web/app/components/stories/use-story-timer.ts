/**
 * The viewer's clock for one story: how far through it is (0–1, for its progress bar), paused while
 * the member presses on it or reads the owner's panels, and `onDone` once its time is up
 * (docs/product/stories-and-reels.md: 3 s for an image, 5 s for a video). Measured on animation
 * frames from the time actually shown, so a paused story resumes where it stopped.
 */
import { useEffect, useRef, useState } from 'react';

export function useStoryTimer(key: string, durationMs: number, paused: boolean, onDone: () => void): number {
  const [progress, setProgress] = useState(0);
  const elapsed = useRef(0);
  const done = useRef(onDone);
  done.current = onDone;

  // A new story starts from zero.
  useEffect(() => {
    elapsed.current = 0;
    setProgress(0);
  }, [key]);

  useEffect(() => {
    if (paused) return;
    let frame = 0;
    let last = performance.now();
    let finished = false;
    const tick = (now: number) => {
      elapsed.current += now - last;
      last = now;
      const share = Math.min(1, elapsed.current / durationMs);
      setProgress(share);
      if (share >= 1) {
        if (!finished) {
          finished = true;
          done.current();
        }
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [key, durationMs, paused]);

  return progress;
}
