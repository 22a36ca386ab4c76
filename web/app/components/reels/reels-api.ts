/** The browser's side of routes/resources.reels*.tsx (plain fetch, see utils/resource-json.ts). */
import { reelTexts, type Reel, type ReelComment } from '@kora/contracts';
import { formBody, resourceJson } from '~/utils/resource-json';

export const REELS_URL = '/resources/reels';
/** The reel's video goes to media with the reel rules first (decision 022). */
export const REEL_UPLOAD_URL = '/resources/media-upload?purpose=reel';
const reelUrl = (id: number) => `${REELS_URL}/${id}`;

export interface ReelPage {
  reels: Reel[];
  nextCursor: string | null;
}

export function loadReelPage(cursor: string) {
  return resourceJson<ReelPage>(`${REELS_URL}?${new URLSearchParams({ cursor })}`);
}

export function loadReel(id: number) {
  return resourceJson<Reel>(reelUrl(id));
}

export function sendReel(videoUrl: string, caption: string) {
  return resourceJson<Reel>(REELS_URL, { method: 'POST', body: formBody({ videoUrl, caption }) }, reelTexts.requestFailed);
}

export function toggleLike(id: number) {
  return resourceJson<{ liked: boolean; likeCount: number }>(reelUrl(id), { method: 'POST', body: formBody({ intent: 'like' }) });
}

export function recordShare(id: number) {
  return resourceJson<{ shared: true; shareCount: number }>(reelUrl(id), { method: 'POST', body: formBody({ intent: 'share' }) });
}

export function loadComments(id: number, cursor: string | null) {
  const query = new URLSearchParams({ list: 'comments' });
  if (cursor) query.set('cursor', cursor);
  return resourceJson<{ comments: ReelComment[]; nextCursor: string | null }>(`${reelUrl(id)}?${query}`);
}

export function sendComment(id: number, content: string) {
  return resourceJson<ReelComment>(reelUrl(id), { method: 'POST', body: formBody({ intent: 'comment', content }) });
}
