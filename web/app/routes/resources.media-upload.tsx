/**
 * POST /resources/media-upload: the composer's photos and videos (multipart, field `files`), sent by
 * XMLHttpRequest so the composer can show upload progress. The body is streamed through to the
 * media service (`POST /api/media/upload`) with the member's token from the httpOnly cookie, so the
 * browser never holds the token and the web server never buffers the files. The answer is the media
 * service's `{ urls, files }`, or the error shape `{ error, message, code }` with its status.
 * `?purpose=reel` (the reel creation page) passes media the upload's purpose (decision 022).
 */
import { ErrorCode, errorBody, MEDIA_PURPOSES, mediaTexts, type MediaPurpose } from '@kora/contracts';
import type { ActionFunctionArgs } from '@remix-run/node';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { uploadMedia } from '~/utils/media.server';
import { requireSession } from '~/utils/session.server';

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (body: unknown, status: number) => Response.json(body, { status, headers });

  // The boundary in the content type is what lets the media service read the stream.
  const contentType = request.headers.get('content-type') ?? '';
  if (request.method !== 'POST' || !contentType.startsWith('multipart/form-data') || !request.body) {
    return reply(errorBody(mediaTexts.noFiles, ErrorCode.BadRequest), 400);
  }
  const asked = new URL(request.url).searchParams.get('purpose') ?? 'post';
  const purpose = MEDIA_PURPOSES.find((known): known is MediaPurpose => known === asked);
  if (!purpose) return reply(errorBody(mediaTexts.purposeInvalid, ErrorCode.BadRequest), 400);
  try {
    const answer = await uploadMedia(request, request.body, contentType, token, purpose);
    return reply(answer, 201);
  } catch (error) {
    return reply(errorAnswer(error, mediaTexts.uploadFailed), errorStatus(error));
  }
}
