/** The browser's side of routes/resources.stories*.tsx (plain fetch, see utils/resource-json.ts). */
import { storyTexts, type CreatedStory, type StoryGroup, type StoryViewer } from '@kora/contracts';
import { formBody, resourceJson } from '~/utils/resource-json';

export const STORIES_URL = '/resources/stories';
const storyUrl = (id: number) => `${STORIES_URL}/${id}`;

export function loadStoryGroups() {
  return resourceJson<StoryGroup[]>(STORIES_URL, {}, storyTexts.loadFailed);
}

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
