/**
 * /resources/stories — GET: the story groups for the Stories card (`GET /api/stories`); POST: a new
 * story (multipart, field `media`), streamed unbuffered to `POST /api/stories` with the member's
 * token from the httpOnly cookie, like the composer's uploads (decision 017). Answers JSON: the
 * API's answer, or the error body `{ error, message, code }` with its status — "Could not load
 * stories" / "Upload failed" when the API gave no refusal of its own.
 */
import { ErrorCode, errorBody, storyTexts } from '@kora/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { requireSession } from '~/utils/session.server';
import { createStory, fetchStoryGroups } from '~/utils/stories.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  try {
    return Response.json(await fetchStoryGroups(request, token), { headers });
  } catch (error) {
    return Response.json(errorAnswer(error, storyTexts.loadFailed), { status: errorStatus(error), headers });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (body: unknown, status: number) => Response.json(body, { status, headers });
  // The boundary in the content type is what lets the service read the stream.
  const contentType = request.headers.get('content-type') ?? '';
  if (request.method !== 'POST' || !contentType.startsWith('multipart/form-data') || !request.body) {
    return reply(errorBody(storyTexts.fileRequired, ErrorCode.BadRequest), 400);
  }
  try {
    return reply(await createStory(request, request.body, contentType, token), 201);
  } catch (error) {
    return reply(errorAnswer(error, storyTexts.uploadFailed), errorStatus(error));
  }
}
