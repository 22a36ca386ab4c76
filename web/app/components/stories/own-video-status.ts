/**
 * The line under the strip about the member's own video story (kept apart from story-groups.ts,
 * which loads with the viewer: this is the only rule the card needs on the home page's first load).
 */
import type { StoryGroup } from '@kora/contracts';

/** The caller's own story still being processed or refused, for the line under the strip. */
export function ownVideoStatus(
  groups: StoryGroup[],
  ownerId: number,
): { state: 'processing' } | { state: 'failed'; reason: string } | null {
  const own = groups.find((group) => group.userId === ownerId);
  const failed = own?.stories.find((story) => story.state === 'failed');
  if (failed) return { state: 'failed', reason: failed.error ?? '' };
  if (own?.stories.some((story) => story.state === 'processing')) return { state: 'processing' };
  return null;
}
