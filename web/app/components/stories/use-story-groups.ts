/**
 * The Stories card's data: loaded after the page (the feed's first answer does not wait for it),
 * then again every 60 s while the page is open and visible (docs/product/stories-and-reels.md,
 * storyLimits.refreshMs), and right away when the tab is shown again after that time. While one of
 * the member's own videos is being processed it asks every few seconds, so "Processing video…"
 * turns into the story soon after.
 */
import { storyLimits, storyTexts, type StoryGroup } from '@kora/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

/** routes/resources.stories.tsx (also named in stories-api.ts, which loads only with the viewer). */
const STORY_GROUPS_URL = '/resources/stories';

/** The story groups, or null when they could not be loaded (the card then says "Could not load stories"). */
async function loadStoryGroups(): Promise<StoryGroup[] | null> {
  try {
    const response = await fetch(STORY_GROUPS_URL, {
      credentials: 'same-origin',
      redirect: 'manual',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    const body: unknown = response.ok ? await response.json() : null;
    return Array.isArray(body) ? (body as StoryGroup[]) : null;
  } catch {
    return null;
  }
}

/** How often the card asks while the member's own video is being processed. */
export const PROCESSING_REFRESH_MS = 4_000;

export interface StoryGroupsState {
  groups: StoryGroup[];
  /** Null until the first answer. */
  loaded: boolean;
  error: string | null;
  reload: () => void;
  update: (change: (groups: StoryGroup[]) => StoryGroup[]) => void;
}

export function useStoryGroups(ownerId: number): StoryGroupsState {
  const [groups, setGroups] = useState<StoryGroup[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const lastLoad = useRef(0);

  const reload = useCallback(() => setRound((value) => value + 1), []);

  useEffect(() => {
    let cancelled = false;
    lastLoad.current = Date.now();
    void loadStoryGroups().then((answer) => {
      if (cancelled) return;
      setLoaded(true);
      if (answer) {
        setGroups(answer);
        setError(null);
      } else {
        setError(storyTexts.loadFailed);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [round]);

  const processing = groups.some((group) => group.userId === ownerId && group.stories.some((story) => story.state === 'processing'));

  useEffect(() => {
    const every = processing ? PROCESSING_REFRESH_MS : storyLimits.refreshMs;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, every);
    const onShown = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastLoad.current >= every) reload();
    };
    document.addEventListener('visibilitychange', onShown);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onShown);
    };
  }, [processing, reload]);

  const update = useCallback((change: (groups: StoryGroup[]) => StoryGroup[]) => setGroups(change), []);
  return { groups, loaded, error, reload, update };
}
