/**
 * The photos and videos chosen in the composer. Each keeps its preview (an object URL) and, once
 * uploaded, its public URL: when creating the post fails after the upload worked, trying again
 * sends only what is not uploaded yet.
 */
import { mediaTexts, postLimits, postTexts } from '@kora/contracts';
import type { MediaKind } from './media-grid';

export interface ChosenMedia {
  id: string;
  file: File;
  kind: MediaKind;
  /** An object URL for the preview; revoke it when the item goes. */
  previewUrl: string;
  /** Where the media service stored it, once uploaded. */
  uploadedUrl?: string;
}

/** Photo or video by MIME type; anything else cannot be posted. */
export function mediaKindOf(type: string): MediaKind | null {
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return null;
}

export interface PickResult<F> {
  accepted: Array<{ file: F; kind: MediaKind }>;
  /** Why some files were left out, in the contract's words. */
  error: string | null;
}

/** Which picked files join the post: photos and videos only, up to the post's limit. */
export function pickMedia<F extends { type: string }>(files: F[], alreadyChosen: number): PickResult<F> {
  const room = Math.max(0, postLimits.maxMediaPerPost - alreadyChosen);
  const typed = files.map((file) => ({ file, kind: mediaKindOf(file.type) }));
  const media = typed.filter((item): item is { file: F; kind: MediaKind } => item.kind !== null);
  const accepted = media.slice(0, room);
  let error: string | null = null;
  if (media.length < files.length) error = mediaTexts.unsupported;
  else if (accepted.length < media.length) error = postTexts.tooManyMedia(postLimits.maxMediaPerPost);
  return { accepted, error };
}

export function pendingUploads(media: ChosenMedia[]): ChosenMedia[] {
  return media.filter((item) => !item.uploadedUrl);
}

/** Gives the pending items, in order, the URLs the upload answered (same order as sent). */
export function recordUploads(media: ChosenMedia[], urls: string[]): ChosenMedia[] {
  const queue = [...urls];
  return media.map((item) => (item.uploadedUrl || queue.length === 0 ? item : { ...item, uploadedUrl: queue.shift()! }));
}

export function uploadedUrls(media: ChosenMedia[]): string[] {
  return media.flatMap((item) => (item.uploadedUrl ? [item.uploadedUrl] : []));
}
