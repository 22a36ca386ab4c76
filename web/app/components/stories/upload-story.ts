/**
 * Posts one story file (multipart field `media`, docs/product/stories-and-reels.md) to
 * routes/resources.stories.tsx, which streams it to `POST /api/stories`. Loaded on first use, not
 * with the home page.
 */
import { STORY_UPLOAD_FIELD, storyTexts, type CreatedStory } from '@kora/contracts';
import { resourceJson } from '~/utils/resource-json';
import { STORIES_URL } from './stories-api';

export function uploadStory(file: File) {
  const form = new FormData();
  form.append(STORY_UPLOAD_FIELD, file, file.name);
  return resourceJson<CreatedStory>(STORIES_URL, { method: 'POST', body: form }, storyTexts.uploadFailed);
}
