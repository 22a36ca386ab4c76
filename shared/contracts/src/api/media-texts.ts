/**
 * The media API's texts and upload field: plain values and functions, no schema library, so the
 * browser can import them without carrying zod (the schemas beside them re-export everything
 * here).
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const MEDIA_UPLOAD_FIELD = 'files';
export const MAX_FILES_PER_UPLOAD = 10;

export const mediaTexts = localizedTexts('media', {
  noFiles: `Choose at least one photo or video (file field '${MEDIA_UPLOAD_FIELD}')`,
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time`,
  tooLarge: template('Each file can be at most {{mb}} MB', (mb: number) => ({ mb })),
  unsupported: 'Only photos and videos can be uploaded',
  videoInvalid: 'The video could not be read',
  /** A post's video past POST_VIDEO_MAX_SECONDS (a limit of ours: decision 026). */
  videoTooLong: 'A video can be at most 30 minutes long',
  videoNotFound: 'Video not found',
  uploadFailed: 'Upload failed',
  /** The web app's upload route: what an upload is for. */
  purposeInvalid: "The purpose must be 'post', 'story' or 'reel'",
  /** Data saver (decision 044): a video waits for a tap before anything of it loads. */
  playVideo: 'Play video',
  dataSaverTapToLoad: 'Data saver: tap to load the video',
});
