/**
 * /resources/reels — GET: the next page of the reels feed (`?cursor=`, the previous page's
 * X-Next-Cursor); POST: a new reel (`videoUrl`, `caption`, checked with the contract's schema) made
 * after its video was uploaded (`/resources/media-upload?purpose=reel`). Answers JSON: the API's
 * answer, or the error body with its status (the server's `error`, else "Request failed").
 */
import { createReelBody, ErrorCode, errorBody, reelTexts } from '@kora/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { createReel, fetchReelPage } from '~/utils/reels.server';
import { requireSession } from '~/utils/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const cursor = new URL(request.url).searchParams.get('cursor');
  try {
    return Response.json(await fetchReelPage(request, cursor ? cursor.slice(0, 200) : null, token), { headers });
  } catch (error) {
    return Response.json(errorAnswer(error, reelTexts.requestFailed), { status: errorStatus(error), headers });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (body: unknown, status: number) => Response.json(body, { status, headers });
  const form = await request.formData();
  const parsed = createReelBody.safeParse({ videoUrl: form.get('videoUrl') ?? undefined, caption: form.get('caption') ?? undefined });
  if (!parsed.success) return reply(errorBody(parsed.error.issues[0]?.message ?? reelTexts.requestFailed, ErrorCode.BadRequest), 400);
  try {
    return reply(await createReel(request, parsed.data, token), 201);
  } catch (error) {
    return reply(errorAnswer(error, reelTexts.requestFailed), errorStatus(error));
  }
}
