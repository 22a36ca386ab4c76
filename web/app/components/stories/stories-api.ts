/**
 * The browser's side of routes/resources.stories*.tsx for the viewer and the upload (plain fetch, see
 * utils/resource-json.ts). Loaded with them, on first use; the card's own list call is in
 * use-story-groups.ts, so this module is not shared with the home page's first load (a module shared
 * by both would make the build split the page's code into one more file).
 */
import { storyTexts, type CreatedStory, type StoryViewer } from '@kora/contracts';
import { formBody, resourceJson } from '~/utils/resource-json';

export const STORIES_URL = '/resources/stories';
const storyUrl = (id: number) => `${STORIES_URL}/${id}`;

export function markStorySeen(id: number) {
  return resourceJson<{ seen: true }>(storyUrl(id), { method: 'POST', body: formBody({ intent: 'view' }) });
}

export function removeStory(id: number) {
  return resourceJson<{ deleted: true }>(storyUrl(id), { method: 'POST', body: formBody({ intent: 'delete' }) }, storyTexts.deleteFailed);
}

export function loadStoryViewers(id: number, cursor: string | null) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return resourceJson<{ viewers: StoryViewer[]; nextCursor: string | null }>(`${storyUrl(id)}${query}`);
}

export type { CreatedStory };
