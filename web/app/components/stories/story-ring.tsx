/**
 * One member's stories in the strip: their picture in a ring — coloured while some story is unseen,
 * grey once all are seen — and their name under it (the caller's own reads "Your story").
 */
import { type StoryGroup, storyScreenTexts, storyTexts } from '@kora/contracts';
import { forwardRef } from 'react';
import { Avatar } from '~/components/avatar';
import { avatarSrc } from '~/utils/media';
import { cn } from '~/utils/misc';

export interface StoryRingProps {
  group: StoryGroup;
  own: boolean;
  onOpen: () => void;
}

export const StoryRing = forwardRef<HTMLButtonElement, StoryRingProps>(function StoryRing({ group, own, onOpen }, ref) {
  const label = own ? storyTexts.yourStory : group.name;
  return (
    <button
      ref={ref}
      type="button"
      onClick={onOpen}
      data-unseen={group.hasUnseen}
      aria-label={
        group.hasUnseen
          ? storyScreenTexts.ringLabelUnseen(label, group.stories.length)
          : storyScreenTexts.ringLabel(label, group.stories.length)
      }
      className="flex w-[72px] shrink-0 flex-col items-center gap-1 rounded-lg p-1 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span
        className={cn(
          'rounded-full p-[3px]',
          group.hasUnseen ? 'bg-gradient-to-tr from-amber-400 via-rose-500 to-brand-600' : 'bg-slate-300',
        )}
      >
        <span className="block rounded-full bg-white p-[2px]">
          <Avatar name={group.name} src={avatarSrc(group.avatar)} className="size-14" />
        </span>
      </span>
      <span className="w-full truncate text-center text-xs text-slate-700">{label}</span>
    </button>
  );
});
