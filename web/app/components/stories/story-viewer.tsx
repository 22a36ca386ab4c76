/**
 * The story viewer (docs/product/stories-and-reels.md; loaded on first open): full screen, one
 * progress bar per story of the member being shown, each story advancing after 3 s (image) or 5 s
 * (video — or when it ends, if sooner), on to the next member's stories, closing after the last.
 * Tapping the right or left half (or the arrow keys) moves; pressing and holding pauses. Each story
 * shown is marked seen. The owner sees who viewed a story and can delete it. Escape closes; focus
 * returns to the ring it was opened from.
 */
import { type Story, type StoryGroup, storyLimits, storyScreenTexts, storyTexts } from '@kora/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Avatar } from '~/components/avatar';
import { XIcon } from 'lucide-react';
import { RelativeTime } from '~/components/ui/relative-time';
import { avatarSrc, mediaUrl } from '~/utils/media';
import { StoryOwnerBar } from './story-owner-bar';
import { nextPosition, previousPosition, validPosition, type StoryPosition } from './story-position';
import { firstUnseenIndex, markSeen, withoutStory } from './story-groups';
import { markStorySeen } from './stories-api';
import { useStoryTimer } from './use-story-timer';

/** A press shorter than this is a tap (move on); longer is a hold (pause while held). */
const TAP_MS = 250;

export interface StoryViewerProps {
  open: boolean;
  groups: StoryGroup[];
  startGroup: number;
  ownerId: number;
  onClose: () => void;
  /** Changes the card's groups (a story seen or deleted). */
  update: (change: (groups: StoryGroup[]) => StoryGroup[]) => void;
  /** Changes the groups being played (a deleted story leaves them too). */
  updatePlaying: (change: (groups: StoryGroup[]) => StoryGroup[]) => void;
  returnFocusTo: (userId: number) => HTMLElement | null;
}

export function advanceMs(story: Story): number {
  return story.type === 'video' && story.state === 'ready' ? storyLimits.videoAdvanceMs : storyLimits.imageAdvanceMs;
}

export function StoryViewer({ open, groups, startGroup, ownerId, onClose, update, updatePlaying, returnFocusTo }: StoryViewerProps) {
  const [position, setPosition] = useState<StoryPosition>({ group: startGroup, story: 0 });
  const [held, setHeld] = useState(false);
  const [ownerPanel, setOwnerPanel] = useState(false);
  const pressedAt = useRef(0);
  const openedFrom = useRef<number | null>(null);
  // Counts openings: a story shown again in a new opening starts its clock from zero.
  const [opening, setOpening] = useState(0);

  // Each opening starts at the chosen member's first unseen story.
  useEffect(() => {
    if (!open) return;
    const group = groups[startGroup];
    openedFrom.current = group?.userId ?? null;
    setPosition({ group: startGroup, story: group ? firstUnseenIndex(group) : 0 });
    setOwnerPanel(false);
    setOpening((count) => count + 1);
    // Only a new opening resets the position, not a change of the groups while watching.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, startGroup]);

  const at = validPosition(groups, position);
  const group = at ? groups[at.group]! : null;
  const story = at && group ? group.stories[at.story]! : null;
  const own = group?.userId === ownerId;

  function next() {
    if (!at) return onClose();
    const to = nextPosition(groups, at);
    if (to) setPosition(to);
    else onClose();
  }
  function previous() {
    if (at) setPosition(previousPosition(groups, at));
  }

  // A story deleted from under the viewer leaves nothing to show: close.
  useEffect(() => {
    if (open && !story) onClose();
  }, [open, story, onClose]);

  // Marked seen once shown (the owner's own views are not recorded, so they are not sent).
  const storyId = story?.id;
  const seen = story?.seen ?? true;
  useEffect(() => {
    if (!open || storyId === undefined || own || seen) return;
    update((current) => markSeen(current, storyId));
    updatePlaying((current) => markSeen(current, storyId));
    void markStorySeen(storyId);
  }, [open, storyId, own, seen, update, updatePlaying]);

  const onDeleted = (deleted: number) => {
    update((current) => withoutStory(current, deleted));
    updatePlaying((current) => withoutStory(current, deleted));
  };

  const paused = !open || held || ownerPanel;
  const progress = useStoryTimer(
    `${opening}:${storyId ?? 'none'}`,
    story ? advanceMs(story) : storyLimits.imageAdvanceMs,
    paused || !story,
    next,
  );

  function onPointerDown() {
    pressedAt.current = Date.now();
    setHeld(true);
  }
  function onPointerUp(event: PointerEvent<HTMLButtonElement>, move: () => void) {
    setHeld(false);
    if (Date.now() - pressedAt.current < TAP_MS) move();
    event.preventDefault();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(value) => (value ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="story-viewer"
          onCloseAutoFocus={(event) => {
            const ring = openedFrom.current === null ? null : returnFocusTo(openedFrom.current);
            if (ring) {
              event.preventDefault();
              ring.focus();
            }
          }}
          onKeyDown={(event) => {
            if (event.target instanceof HTMLInputElement || ownerPanel) return;
            if (event.key === 'ArrowRight') next();
            else if (event.key === 'ArrowLeft') previous();
            else return;
            event.preventDefault();
          }}
          className="fixed inset-0 z-50 flex items-center justify-center focus:outline-none"
        >
          <div className="relative flex h-dvh w-full max-w-[calc(100dvh*9/16)] flex-col overflow-hidden bg-black text-white sm:h-[calc(100dvh-2rem)] sm:rounded-xl">
            {group && story ? (
              <>
                <header className="absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/70 to-transparent px-3 pb-6 pt-3">
                  <div className="flex gap-1" aria-hidden>
                    {group.stories.map((item, index) => (
                      <span key={item.id} className="h-0.5 flex-1 overflow-hidden rounded bg-paper/35">
                        <span
                          className="block h-full bg-paper"
                          style={{ width: `${index < at!.story ? 100 : index === at!.story ? Math.round(progress * 100) : 0}%` }}
                        />
                      </span>
                    ))}
                  </div>
                  <div className="mt-3 flex items-center gap-2">
                    <Avatar name={group.name} src={avatarSrc(group.avatar)} className="size-8" />
                    <Dialog.Title className="min-w-0 truncate text-sm font-semibold">
                      {own ? storyTexts.yourStory : group.name}
                    </Dialog.Title>
                    <span className="text-xs text-white/75">
                      <RelativeTime value={story.createdAt} now={Date.now()} />
                    </span>
                    <span className="sr-only" aria-live="polite">
                      {storyScreenTexts.position(at!.story + 1, group.stories.length)}
                    </span>
                    <Dialog.Close
                      aria-label={storyTexts.close}
                      className="ml-auto inline-flex size-9 items-center justify-center rounded-full hover:bg-paper/15"
                    >
                      <XIcon />
                    </Dialog.Close>
                  </div>
                </header>
                <StoryMedia story={story} paused={paused} onEnded={next} />
                <div className="absolute inset-x-0 bottom-16 top-20 z-10 flex">
                  <button
                    type="button"
                    aria-label={storyTexts.previous}
                    className="h-full w-1/2 touch-none select-none focus:outline-none"
                    onPointerDown={onPointerDown}
                    onPointerUp={(event) => onPointerUp(event, previous)}
                    onPointerLeave={() => setHeld(false)}
                    onContextMenu={(event) => event.preventDefault()}
                    onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ' ? (event.preventDefault(), previous()) : undefined)}
                  />
                  <button
                    type="button"
                    aria-label={storyTexts.next}
                    className="h-full w-1/2 touch-none select-none focus:outline-none"
                    onPointerDown={onPointerDown}
                    onPointerUp={(event) => onPointerUp(event, next)}
                    onPointerLeave={() => setHeld(false)}
                    onContextMenu={(event) => event.preventDefault()}
                    onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ' ? (event.preventDefault(), next()) : undefined)}
                  />
                </div>
                {own ? <StoryOwnerBar story={story} onPanel={setOwnerPanel} onDeleted={onDeleted} /> : null}
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The story itself: a picture, a playing video, or (the owner's) its processing or failed state. */
function StoryMedia({ story, paused, onEnded }: { story: Story; paused: boolean; onEnded: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (paused) element.pause();
    else void element.play().catch(() => undefined);
  }, [paused, story.id]);

  const frame = 'flex flex-1 items-center justify-center';
  if (story.type === 'video' && story.state === 'processing') {
    return (
      <div className={frame} data-story-id={story.id}>
        <p className="px-6 text-center text-sm">{storyTexts.processing}</p>
      </div>
    );
  }
  if (story.state === 'failed') {
    return (
      <div className={frame} data-story-id={story.id}>
        <p role="alert" className="px-6 text-center text-sm">
          {storyTexts.failed}
          {story.error ? <span className="mt-1 block text-white/75">{story.error}</span> : null}
        </p>
      </div>
    );
  }
  return (
    <div className={frame} data-story-id={story.id} data-story-type={story.type}>
      {story.type === 'video' ? (
        <video
          key={story.id}
          ref={video}
          src={mediaUrl(story.url) ?? undefined}
          poster={mediaUrl(story.posterUrl) ?? undefined}
          autoPlay
          muted
          playsInline
          onEnded={onEnded}
          className="max-h-full w-full object-contain"
        />
      ) : (
        <img
          key={story.id}
          src={mediaUrl(story.url) ?? undefined}
          alt=""
          className="max-h-full w-full select-none object-contain"
          draggable={false}
        />
      )}
    </div>
  );
}
