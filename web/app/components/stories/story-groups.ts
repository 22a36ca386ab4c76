/**
 * Pure changes to the Stories card's list of story groups, applied as the member acts (so the strip
 * answers at once, before the next refetch brings the server's view).
 */
import type { CreatedStory, Story, StoryGroup } from '@kora/contracts';

export interface Owner {
  id: number;
  username: string;
  name: string;
  avatar: string;
}

/**
 * A story just posted: the caller's group moves to the front of the strip
 * (docs/product/stories-and-reels.md: "goes to the front of the current user's stories") and the
 * story joins it last — a group plays oldest first, as the API orders it, so the next refetch does
 * not reshuffle what the member sees.
 */
export function addOwnStory(groups: StoryGroup[], owner: Owner, created: CreatedStory): StoryGroup[] {
  const story: Story = {
    ...created,
    userId: owner.id,
    posterUrl: null,
    error: null,
    seen: true,
    viewCount: 0,
  };
  const own = groups.find((group) => group.userId === owner.id);
  const others = groups.filter((group) => group.userId !== owner.id);
  const stories = [...(own?.stories ?? []).filter((item) => item.id !== story.id), story];
  const group: StoryGroup = own
    ? { ...own, stories }
    : { userId: owner.id, username: owner.username, name: owner.name, avatar: owner.avatar, hasUnseen: false, stories };
  return [group, ...others];
}

/** A story marked seen: its group's ring turns grey once none is left unseen. */
export function markSeen(groups: StoryGroup[], storyId: number): StoryGroup[] {
  return groups.map((group) => {
    if (!group.stories.some((story) => story.id === storyId)) return group;
    const stories = group.stories.map((story) => (story.id === storyId ? { ...story, seen: true } : story));
    return { ...group, stories, hasUnseen: stories.some((story) => !story.seen) };
  });
}

/** A story deleted by its owner; a group left empty leaves the strip. */
export function withoutStory(groups: StoryGroup[], storyId: number): StoryGroup[] {
  return groups
    .map((group) => ({ ...group, stories: group.stories.filter((story) => story.id !== storyId) }))
    .filter((group) => group.stories.length > 0);
}

/** Where a group's playing starts: its first unseen story, else its first. */
export function firstUnseenIndex(group: StoryGroup): number {
  const index = group.stories.findIndex((story) => !story.seen);
  return index === -1 ? 0 : index;
}
