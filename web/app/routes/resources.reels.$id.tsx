/**
 * /resources/reels/{id} — GET: the reel (the author's processing reel asks until it is ready), or
 * `?list=comments&cursor=` a page of its comments (oldest first); POST with `intent`: `like`
 * (toggles), `share`, or `comment` (`content`, trimmed; blank refused with the contract's text).
 * Answers JSON: the API's answer, or the error body with its status (the server's `error`, else
 * "Request failed").
 */
import { createReelCommentBody, ErrorCode, errorBody, reelTexts } from '@kora/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { addReelComment, fetchReel, fetchReelComments, shareReel, toggleReelLike } from '~/utils/reels.server';
import { requireSession } from '~/utils/session.server';

function reelId(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const id = reelId(params);
  if (id === null) return Response.json(errorBody(reelTexts.notFound, ErrorCode.NotFound), { status: 404, headers });
  const search = new URL(request.url).searchParams;
  const cursor = search.get('cursor');
  try {
    const answer =
      search.get('list') === 'comments'
        ? await fetchReelComments(request, id, cursor ? cursor.slice(0, 200) : null, token)
        : await fetchReel(request, id, token);
    return Response.json(answer, { headers });
  } catch (error) {
    return Response.json(errorAnswer(error, reelTexts.requestFailed), { status: errorStatus(error), headers });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (body: unknown, status = 200) => Response.json(body, { status, headers });
  const id = reelId(params);
  if (id === null) return reply(errorBody(reelTexts.notFound, ErrorCode.NotFound), 404);
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    if (intent === 'like') return reply(await toggleReelLike(request, id, token));
    if (intent === 'share') return reply(await shareReel(request, id, token));
    if (intent === 'comment') {
      const parsed = createReelCommentBody.safeParse({ content: form.get('content') ?? '' });
      if (!parsed.success) return reply(errorBody(parsed.error.issues[0]?.message ?? reelTexts.commentRequired, ErrorCode.BadRequest), 400);
      return reply(await addReelComment(request, id, parsed.data.content, token), 201);
    }
    return reply(errorBody(reelTexts.requestFailed, ErrorCode.BadRequest), 400);
  } catch (error) {
    return reply(errorAnswer(error, reelTexts.requestFailed), errorStatus(error));
  }
}
