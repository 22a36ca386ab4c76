/**
 * What the reel pages' loaders share: whether reels are on (the layout's cached answer, and the
 * gateway's 404 FEATURE_DISABLED for a switch made since) and the feed's first page, optionally
 * opened at one reel (/reels/{id}, where reel notifications lead).
 */
import { ErrorCode, reelTexts } from '@kora/contracts';
import type { ReelsPageData } from '~/components/reels/reels-page';
import { startingWith } from '~/components/reels/reel-feed-state';
import { isApiError, isClientError } from './api.server';
import { fetchReel, fetchReelPage } from './reels.server';
import { featureOn } from './site-info.server';

export function reelsOn(request: Request): Promise<boolean> {
  return featureOn(request, 'reels');
}

function isReelsOff(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.FeatureDisabled;
}

/** The feed's first page; with `reelId`, that reel first (a 404 for it is thrown to the caller). */
export async function loadReelsPage(request: Request, token: string | null, reelId?: number): Promise<ReelsPageData> {
  if (!(await reelsOn(request))) return { state: 'off' };
  try {
    const [page, reel] = await Promise.all([fetchReelPage(request, null, token), reelId ? fetchReel(request, reelId, token) : null]);
    return { state: 'ok', reels: reel ? startingWith(reel, page.reels) : page.reels, nextCursor: page.nextCursor };
  } catch (error) {
    if (isReelsOff(error)) return { state: 'off' };
    if (reelId && isApiError(error) && error.status === 404) throw error;
    return { state: 'error', message: isClientError(error) ? error.message : reelTexts.requestFailed };
  }
}
