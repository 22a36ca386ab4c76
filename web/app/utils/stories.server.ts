/**
 * The stories API (stories-reels service, through the gateway) as the web app uses it. Every answer
 * is parsed with the contracts' schemas, so a changed shape fails here (502) instead of deep inside
 * the Stories card. Paths are named here and nowhere else (decision 017).
 */
import { createdStorySchema, NEXT_CURSOR_HEADER, storyGroupListSchema, storyViewAnswer, storyViewerListSchema } from '@kora/contracts';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

/** A story's video may be large and the member's connection slow: the upload's own timeout. */
const STORY_UPLOAD_TIMEOUT_MS = 300_000;

const storyPath = (id: number) => `/api/stories/${id}`;

export function fetchStoryGroups(request: Request, token: Token) {
  return apiFetch(request, '/api/stories', { schema: storyGroupListSchema, token });
}

/** The multipart body (field `media`) streamed through; `contentType` keeps its boundary. */
export function createStory(request: Request, body: ReadableStream<Uint8Array>, contentType: string, token: Token) {
  return apiFetch(request, '/api/stories', {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    schema: createdStorySchema,
    token,
    timeoutMs: STORY_UPLOAD_TIMEOUT_MS,
  });
}

export function markStoryViewed(request: Request, id: number, token: Token) {
  return apiFetch(request, `${storyPath(id)}/view`, { method: 'POST', schema: storyViewAnswer, token });
}

/** A page of the story's viewers (owner only), and the next page's cursor. */
export async function fetchStoryViewers(request: Request, id: number, cursor: string | null, token: Token) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await apiFetchWithHeaders(request, `${storyPath(id)}/viewers${query}`, {
    schema: storyViewerListSchema,
    token,
  });
  return { viewers: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export async function deleteStory(request: Request, id: number, token: Token): Promise<void> {
  await apiFetch(request, storyPath(id), { method: 'DELETE', token });
}
