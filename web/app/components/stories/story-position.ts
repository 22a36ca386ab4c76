/**
 * Where the story viewer is (a group and a story in it), and where "next" and "previous" lead: on
 * through the member's stories, then to the next member's group; after the very last story, nowhere
 * (the viewer closes, docs/product/stories-and-reels.md). Back from a group's first story goes to
 * the previous group's first.
 */
import type { StoryGroup } from '@kora/contracts';

export interface StoryPosition {
  group: number;
  story: number;
}

export function nextPosition(groups: readonly StoryGroup[], at: StoryPosition): StoryPosition | null {
  const group = groups[at.group];
  if (group && at.story + 1 < group.stories.length) return { group: at.group, story: at.story + 1 };
  for (let next = at.group + 1; next < groups.length; next++) {
    if (groups[next]!.stories.length > 0) return { group: next, story: 0 };
  }
  return null;
}

export function previousPosition(groups: readonly StoryGroup[], at: StoryPosition): StoryPosition {
  if (at.story > 0) return { group: at.group, story: at.story - 1 };
  for (let previous = at.group - 1; previous >= 0; previous--) {
    if (groups[previous]!.stories.length > 0) return { group: previous, story: 0 };
  }
  return { group: at.group, story: 0 };
}

/** A position still inside `groups` after a change (a story deleted), else null. */
export function validPosition(groups: readonly StoryGroup[], at: StoryPosition): StoryPosition | null {
  const group = groups[at.group];
  if (!group || group.stories.length === 0) return null;
  return { group: at.group, story: Math.min(at.story, group.stories.length - 1) };
}
