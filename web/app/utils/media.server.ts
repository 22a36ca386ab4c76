/**
 * The media service's upload (`POST /api/media/upload`, through the gateway): the composer's files
 * streamed through unbuffered, with the member's token from the httpOnly cookie.
 */
import { uploadAnswer, type MediaPurpose } from '@kora/contracts';
import { apiFetch } from './api.server';

/** Videos can be large and the member's connection slow; the gateway allows 5 minutes too. */
const UPLOAD_TIMEOUT_MS = 300_000;

/**
 * `contentType` must keep its boundary: it is what lets the media service read the stream. `purpose`
 * picks media's rules (decision 022): a reel's video is checked against the reel rules.
 */
export function uploadMedia(
  request: Request,
  body: ReadableStream<Uint8Array>,
  contentType: string,
  token: string | null,
  purpose: MediaPurpose = 'post',
) {
  return apiFetch(request, `/api/media/upload?${new URLSearchParams({ purpose })}`, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    token,
    schema: uploadAnswer,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}
