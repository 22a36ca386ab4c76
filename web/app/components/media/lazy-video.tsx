/**
 * A post's ready video, loaded only when it matters (decision 044). The server's HTML has a bare
 * player: no poster, no source, so nothing of it is fetched. Once the player comes within a screen
 * of the viewport (IntersectionObserver), the poster and the sources appear, with
 * `preload="none"`: the video itself is fetched when the member plays it. A phone (or data saver)
 * gets the 360p file first. With data saver on, even the sources wait for a tap on the poster.
 */
import { mediaTexts, type PostVideo } from '@kora/contracts';
import { PlayIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useDataSaver } from '~/utils/data-saver';
import { mediaUrl } from '~/utils/media';
import { useInView } from '~/utils/use-in-view';
import { useSmallScreen } from '~/utils/use-small-screen';
import { videoSources } from '~/utils/video-sources';

/** How far below the screen a player starts to get its poster. */
const NEAR_SCREEN = '600px';

export function LazyVideo({ video, label, className }: { video: PostVideo; label: string; className?: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const player = useRef<HTMLVideoElement>(null);
  const near = useInView(frame, { rootMargin: NEAR_SCREEN });
  const [seen, setSeen] = useState(false);
  const [tapped, setTapped] = useState(false);
  const dataSaver = useDataSaver();
  const smallScreen = useSmallScreen();
  useEffect(() => {
    if (near) setSeen(true);
  }, [near]);

  const waitsForTap = dataSaver.on && !tapped;
  const sources = seen && !waitsForTap ? videoSources(video, { smallScreen, dataSaver }) : [];
  const main = video.renditions?.at(-1);
  useEffect(() => {
    if (tapped) void player.current?.play().catch(() => undefined);
  }, [tapped]);

  return (
    <div ref={frame} className="relative">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- members' own videos come without caption tracks: there is none to offer */}
      <video
        ref={player}
        // New sources mean a new element: a player keeps the sources it started with.
        key={sources.join(' ')}
        controls={!waitsForTap}
        playsInline
        preload="none"
        poster={seen ? (mediaUrl(video.posterUrl) ?? undefined) : undefined}
        width={main?.width}
        height={main?.height}
        aria-label={label}
        data-sources={sources.length}
        className={className}
      >
        {sources.map((url) => (
          <source key={url} src={mediaUrl(url) ?? url} type="video/mp4" />
        ))}
      </video>
      {waitsForTap ? (
        <button
          type="button"
          onClick={() => setTapped(true)}
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm font-medium text-white"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-black/60">
            <PlayIcon aria-hidden className="size-7" />
          </span>
          <span className="sr-only">{`${mediaTexts.playVideo}: ${label}`}</span>
          <span aria-hidden className="rounded bg-black/60 px-2 py-0.5 text-xs">
            {mediaTexts.dataSaverTapToLoad}
          </span>
        </button>
      ) : null}
    </div>
  );
}
