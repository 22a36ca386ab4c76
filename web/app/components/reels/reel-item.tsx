/**
 * One reel, a screen tall: its video (muted, looping; only the active one plays, the others pause
 * and rewind to the start), the poster until it plays, the author and caption, and its buttons. The
 * author's own processing reel says "Processing video…" and checks back until ready; a failed one
 * shows its reason.
 */
import { type Reel, reelTexts, storyScreenTexts } from '@kora/contracts';
import { forwardRef, useEffect, useRef } from 'react';
import { Avatar } from '~/components/avatar';
import { useDataSaver } from '~/utils/data-saver';
import { avatarSrc, mediaUrl } from '~/utils/media';
import { useHydrated } from '~/utils/use-hydrated';
import { useSmallScreen } from '~/utils/use-small-screen';
import { videoSources } from '~/utils/video-sources';
import { ReelActions } from './reel-actions';
import { preloadFor } from './reel-feed-state';
import { useReelRefresh } from './use-reel-refresh';

export interface ReelItemProps {
  reel: Reel;
  index: number;
  active: number;
  onReel: (reel: Reel) => void;
  onComments: () => void;
}

export const ReelItem = forwardRef<HTMLElement, ReelItemProps>(function ReelItem({ reel, index, active, onReel, onComments }, ref) {
  const video = useRef<HTMLVideoElement>(null);
  const playing = index === active;
  const dataSaver = useDataSaver();
  const smallScreen = useSmallScreen();
  useReelRefresh(reel, onReel);
  // The 360p file first on a phone or with data saver (decision 044); an older reel has none, and the
  // browser falls back to the reel's own URL.
  // Chosen once the browser has said how large its screen is: the server's HTML lists none.
  const hydrated = useHydrated();
  const sources = hydrated ? videoSources({ url: reel.videoUrl }, { smallScreen, dataSaver }, { guessSmall: true }) : [];
  const sourceKey = sources.join(' ');

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // With data saver on, nothing plays (or loads) until the member taps play.
    if (playing && !dataSaver.on) {
      // Autoplay is allowed for muted videos; a refusal leaves the poster and the controls.
      void element.play().catch(() => undefined);
    } else {
      element.pause();
      element.currentTime = 0;
    }
    // A new element (new sources) starts again.
  }, [playing, reel.state, dataSaver.on, sourceKey]);

  return (
    <article
      ref={ref}
      data-index={index}
      data-reel-id={reel.id}
      aria-label={storyScreenTexts.reelBy(reel.authorName)}
      aria-current={playing || undefined}
      className="relative flex h-full w-full snap-start snap-always items-center justify-center bg-black"
    >
      {reel.state === 'ready' ? (
        <video
          ref={video}
          key={sourceKey}
          poster={mediaUrl(reel.posterUrl) ?? undefined}
          muted
          loop
          playsInline
          controls={dataSaver.on || undefined}
          preload={dataSaver.on ? 'none' : preloadFor(index, active)}
          className="h-full w-full object-contain"
        >
          {sources.map((url) => (
            <source key={url} src={mediaUrl(url) ?? url} type="video/mp4" />
          ))}
        </video>
      ) : (
        <div className="px-8 text-center text-sm text-white" role={reel.state === 'failed' ? 'alert' : 'status'}>
          {reel.state === 'processing' ? (
            reelTexts.processing
          ) : (
            <>
              {reelTexts.failed}
              {reel.error ? <span className="mt-1 block text-white/75">{reel.error}</span> : null}
            </>
          )}
        </div>
      )}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-4 pb-5 pr-20 pt-16 text-white">
        <div className="flex items-center gap-2">
          <Avatar name={reel.authorName} src={avatarSrc(reel.authorAvatar)} className="size-9 ring-2 ring-white/80" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{reel.authorName}</p>
            <p className="truncate text-xs text-white/75">@{reel.authorUsername}</p>
          </div>
        </div>
        {reel.caption ? <p className="mt-2 line-clamp-3 whitespace-pre-line break-words text-sm">{reel.caption}</p> : null}
      </div>
      <div className="absolute bottom-6 right-3">
        <ReelActions reel={reel} onReel={onReel} onComments={onComments} />
      </div>
    </article>
  );
});
