/**
 * The Stories card on the home feed (docs/product/stories-and-reels.md): "Add story" first (the
 * member's picture with a +; a photo or a video), then each member's story group as a ring. Kept
 * small, because it is on the home page's first load: the viewer and the uploader are loaded on
 * first use. Hidden while an admin has stories turned off.
 */
import { type StoryGroup, storyScreenTexts, storyTexts } from '@kora/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '~/components/avatar';
import { Card } from '~/components/ui/card';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { useToast } from '~/components/ui/toast';
import { cn } from '~/utils/misc';
import { useFeatureOn } from '~/utils/use-features';
import { displayName, type CurrentUser } from '~/utils/user';
import { ownVideoStatus } from './own-video-status';
import { StoryRing } from './story-ring';
import { useStoryGroups } from './use-story-groups';

const loadLazy = () => import('./story-lazy');
const StoryViewer = lazyComponent(() => loadLazy().then((m) => m.StoryViewer));

/** What the picker offers (docs/product/stories-and-reels.md: a story is an image or a video). */
const STORY_ACCEPT = 'image/*,video/*';

export function StoriesCard({ user }: { user: CurrentUser }) {
  if (!useFeatureOn('stories')) return null;
  return <Stories user={user} />;
}

function Stories({ user }: { user: CurrentUser }) {
  const { toast } = useToast();
  const { groups, loaded, error, reload, update } = useStoryGroups(user.id);
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  // The viewer plays a snapshot: a refetch while watching must not move the story being shown.
  const [playing, setPlaying] = useState<StoryGroup[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const rings = useRef(new Map<number, HTMLButtonElement>());
  const status = ownVideoStatus(groups, user.id);

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    const { uploadStory, addOwnStory } = await loadLazy();
    const answer = await uploadStory(file);
    setUploading(false);
    if (!answer.ok) {
      toast({
        title: storyTexts.uploadFailed,
        ...(answer.error !== storyTexts.uploadFailed ? { description: answer.error } : {}),
        variant: 'error',
      });
      return;
    }
    const owner = { id: user.id, username: user.username, name: displayName(user), avatar: user.profileImage ?? '' };
    update((current) => addOwnStory(current, owner, answer.data));
    toast({ title: storyTexts.updated, variant: 'success' });
  }

  function openGroup(index: number) {
    setPlaying(groups);
    setOpen(index);
  }

  return (
    <Card className="p-3" aria-labelledby="stories-title" role="region">
      <h2 id="stories-title" className="sr-only">
        {storyTexts.title}
      </h2>
      <ul className="-mx-1 flex gap-1 overflow-x-auto pb-1 [scrollbar-width:thin]" aria-label={storyTexts.title}>
        <li className="shrink-0">
          <button
            type="button"
            onClick={() => picker.current?.click()}
            disabled={uploading}
            aria-busy={uploading || undefined}
            className="flex w-[72px] flex-col items-center gap-1 rounded-lg p-1 disabled:opacity-60"
          >
            <span className="relative rounded-full p-[5px]">
              <Avatar name={displayName(user)} src={user.profileImage} className={cn('size-14', uploading && 'animate-pulse')} />
              <span
                aria-hidden
                className="absolute bottom-0 right-0 flex size-6 items-center justify-center rounded-full bg-brand-600 text-lg font-bold leading-none text-white ring-2 ring-white"
              >
                +
              </span>
            </span>
            <span className="w-full truncate text-center text-xs font-medium text-slate-700">{storyTexts.addStory}</span>
          </button>
          <input
            ref={picker}
            type="file"
            accept={STORY_ACCEPT}
            className="hidden"
            onChange={(event) => void onPick(event)}
            aria-label={storyTexts.addStory}
            tabIndex={-1}
          />
        </li>
        {groups.map((group, index) => (
          <li key={group.userId} className="shrink-0">
            <StoryRing
              ref={(element) => {
                if (element) rings.current.set(group.userId, element);
                else rings.current.delete(group.userId);
              }}
              group={group}
              own={group.userId === user.id}
              onOpen={() => openGroup(index)}
            />
          </li>
        ))}
        {!loaded ? <li className="flex items-center px-3 text-xs text-slate-500">{storyScreenTexts.loading}</li> : null}
      </ul>
      {status?.state === 'processing' ? <p className="mt-1 px-1 text-xs text-slate-600">{storyTexts.processing}</p> : null}
      {status?.state === 'failed' ? (
        <p className="mt-1 px-1 text-xs text-red-700">
          {storyTexts.failed}
          {status.reason ? `: ${status.reason}` : ''}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="mt-2 flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <span>{error}</span>
          <button type="button" onClick={reload} className="font-semibold underline">
            {storyScreenTexts.tryAgain}
          </button>
        </div>
      ) : null}
      <OnceOpened open={open !== null}>
        <StoryViewer
          open={open !== null}
          groups={playing}
          startGroup={open ?? 0}
          ownerId={user.id}
          onClose={() => setOpen(null)}
          update={update}
          updatePlaying={setPlaying}
          returnFocusTo={(userId) => rings.current.get(userId) ?? null}
        />
      </OnceOpened>
    </Card>
  );
}
