/**
 * What an upload is for picks its rules (decision 022): how many files, how large each may be,
 * which types by magic bytes, the words of each refusal, and the feature switch that must be on.
 *
 * - `post`: the site's max upload size and allowed photo/video types, up to 10 files (as before).
 * - `story`: one photo or video within the site's limits; refused while stories are off.
 * - `reel`: one MP4/WEBM/MOV video of at most 50 MB whatever the site's max upload size, with the
 *   reel texts (docs/product/stories-and-reels.md); refused while reels are off. The hint only: a
 *   video uploaded for any purpose may become a reel when it meets the reel rules (decision 022).
 *
 * The length rule (reel ≤ 90 s, story video ≤ 60 s) needs the decoded video: the worker applies it
 * (`videos/length-rule.ts`).
 */
import {
  ErrorCode,
  featureOffMessage,
  MAX_FILES_PER_UPLOAD,
  mediaTexts,
  REEL_VIDEO_TYPES,
  reelLimits,
  reelTexts,
  storyTexts,
  type Feature,
  type MediaPurpose,
  type SiteSettings,
} from '@kora/contracts';
import { AppError } from '@kora/platform/service';
import { MB } from '../http/multipart.js';
import type { AllowedMime } from '../media-type.js';
import { unsupportedMedia, uploadTooLarge } from '../errors.js';

export interface PurposeRules extends AllowedMime {
  purpose: MediaPurpose;
  maxBytes: number;
  maxFiles: number;
  /** The feature that must be switched on, if any. */
  feature: Feature | null;
  tooLarge: () => AppError;
  unsupported: () => AppError;
  /** The 400 for more files than `maxFiles`. */
  tooManyFiles: string;
}

/** Ours: a reel is made of one video (the product's form only ever sends one). */
export const REEL_ONE_FILE = 'A reel is one video: upload one file';

export function purposeRules(purpose: MediaPurpose, settings: Pick<SiteSettings, 'storage'>): PurposeRules {
  const { storage } = settings;
  const site = {
    maxBytes: storage.maxUploadMB * MB,
    allowedImageMime: storage.allowedImageMime,
    allowedVideoMime: storage.allowedVideoMime,
    tooLarge: () => uploadTooLarge(storage.maxUploadMB),
    unsupported: () => unsupportedMedia(),
  };
  switch (purpose) {
    case 'post':
      return { purpose, ...site, maxFiles: MAX_FILES_PER_UPLOAD, feature: null, tooManyFiles: mediaTexts.tooManyFiles };
    case 'story':
      return { purpose, ...site, maxFiles: 1, feature: 'stories', tooManyFiles: storyTexts.oneFile };
    case 'reel':
      return {
        purpose,
        // The reel's own limit and types, whatever the site's general settings say.
        maxBytes: reelLimits.maxBytes,
        allowedImageMime: [],
        allowedVideoMime: REEL_VIDEO_TYPES,
        maxFiles: 1,
        feature: 'reels',
        tooLarge: () => new AppError(413, ErrorCode.PayloadTooLarge, reelTexts.maxSize),
        unsupported: () => unsupportedMedia(reelTexts.onlyTypes),
        tooManyFiles: REEL_ONE_FILE,
      };
  }
}

/** 404 FEATURE_DISABLED while the purpose's feature is switched off (as the gateway answers). */
export function assertFeatureOn(rules: PurposeRules, settings: Pick<SiteSettings, 'features'>): void {
  if (rules.feature && !settings.features[rules.feature])
    throw new AppError(404, ErrorCode.FeatureDisabled, featureOffMessage(rules.feature));
}
