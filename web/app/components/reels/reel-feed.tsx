/**
 * The reels feed (docs/product/stories-and-reels.md): vertical, snap-scrolling, one reel per screen
 * (the screen under the top bar). The reel most on screen is the active one (IntersectionObserver)
 * and the only one playing. Up and down arrow keys and the side buttons move between reels; more
 * reels load with the API's cursor as the member nears the end. "Create reel" leads to
 * /reels/create.
 */
import { type Reel, reelTexts, storyScreenTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronDownIcon, SquarePlayIcon } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { cn } from '~/utils/misc';
import { appendReels, nearEnd, stepTo } from './reel-feed-state';
import { ReelComments } from './reel-comments';
import { ReelItem } from './reel-item';
import { loadReelPage } from './reels-api';

/** Keys typed into a field are the field's, not the feed's. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export function ReelFeed({ initial, initialCursor }: { initial: Reel[]; initialCursor: string | null }) {
  const [reels, setReels] = useState(initial);
  const [cursor, setCursor] = useState(initialCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [commentsFor, setCommentsFor] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const items = useRef(new Map<number, HTMLElement>());

  const replace = useCallback((reel: Reel) => setReels((current) => current.map((item) => (item.id === reel.id ? reel : item))), []);

  // The active reel is the one at least 60 % on screen.
  useEffect(() => {
    const root = scroller.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root, threshold: 0.6 },
    );
    items.current.forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [reels.length]);

  const go = useCallback(
    (step: number) => {
      const to = stepTo(active, step, reels.length);
      items.current.get(to)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
    [active, reels.length],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (commentsFor !== null || typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowDown') go(1);
      else if (event.key === 'ArrowUp') go(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, commentsFor]);

  // The next page, once, as the member nears the end; after a failure only "Try again" asks again.
  const loadMore = useCallback(async () => {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    const answer = await loadReelPage(cursor);
    setLoadingMore(false);
    if (!answer.ok) return setLoadError(answer.error);
    setLoadError(null);
    setReels((current) => appendReels(current, answer.data.reels));
    setCursor(answer.data.nextCursor);
  }, [cursor, loadingMore]);
  useEffect(() => {
    if (!loadError && nearEnd(active, reels.length)) void loadMore();
  }, [active, reels.length, loadError, loadMore]);

  const commenting = reels.find((reel) => reel.id === commentsFor) ?? null;

  return (
    <div className="relative -mx-3 -my-4 sm:-mx-4 lg:-mx-6">
      <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex items-center justify-between bg-gradient-to-b from-black/60 to-transparent px-4 pb-6 pt-3">
        <h1 className="text-lg font-bold text-white drop-shadow">{reelTexts.title}</h1>
        <Link to="/reels/create" className={buttonClasses('primary', 'sm', 'pointer-events-auto')}>
          <SquarePlayIcon className="size-4" />
          {reelTexts.createReel}
        </Link>
      </div>
      <div
        ref={scroller}
        data-testid="reel-feed"
        className="h-[calc(100dvh-3.5rem)] snap-y snap-mandatory overflow-y-scroll overscroll-contain bg-black [scrollbar-width:none]"
      >
        {reels.map((reel, index) => (
          <ReelItem
            key={reel.id}
            ref={(element) => {
              if (element) items.current.set(index, element);
              else items.current.delete(index);
            }}
            reel={reel}
            index={index}
            active={active}
            onReel={replace}
            onComments={() => setCommentsFor(reel.id)}
          />
        ))}
        {loadError ? (
          <div className="flex h-32 snap-start flex-col items-center justify-center gap-2 bg-black text-sm text-white">
            <p role="alert">{loadError}</p>
            <button type="button" onClick={() => setLoadError(null)} className="font-semibold underline">
              {storyScreenTexts.tryAgain}
            </button>
          </div>
        ) : null}
      </div>
      <div className="absolute right-3 top-1/3 z-10 flex -translate-y-1/2 flex-col gap-2">
        <button type="button" aria-label={reelTexts.previous} disabled={active === 0} onClick={() => go(-1)} className={sideButton}>
          <ChevronDownIcon className="size-5 rotate-180" />
        </button>
        <button
          type="button"
          aria-label={reelTexts.nextReel}
          disabled={active >= reels.length - 1}
          onClick={() => go(1)}
          className={sideButton}
        >
          <ChevronDownIcon className="size-5" />
        </button>
      </div>
      <ReelComments reel={commenting} onClose={() => setCommentsFor(null)} onReel={replace} />
    </div>
  );
}

const sideButton = cn(
  'inline-flex size-10 items-center justify-center rounded-full bg-white/85 text-slate-800 shadow hover:bg-white disabled:opacity-40',
);
