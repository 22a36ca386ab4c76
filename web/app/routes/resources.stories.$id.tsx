/**
 * /resources/stories/{id} — GET: a page of the story's viewers (owner only; `?cursor=`); POST with
 * `intent`: `view` (marks the story seen) or `delete` (the owner's). Answers JSON: the API's answer,
 * or the error body with its status (the server's refusal, else "Request failed" / "Could not
 * delete the story").
 */
import { ErrorCode, errorBody, storyTexts } from '@kora/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { requireSession } from '~/utils/session.server';
import { deleteStory, fetchStoryViewers, markStoryViewed } from '~/utils/stories.server';

function storyId(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const id = storyId(params);
  if (id === null) return Response.json(errorBody(storyTexts.notFound, ErrorCode.NotFound), { status: 404, headers });
  const cursor = new URL(request.url).searchParams.get('cursor');
  try {
    return Response.json(await fetchStoryViewers(request, id, cursor ? cursor.slice(0, 200) : null, token), { headers });
  } catch (error) {
    return Response.json(errorAnswer(error, storyTexts.requestFailed), { status: errorStatus(error), headers });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (body: unknown, status = 200) => Response.json(body, { status, headers });
  const id = storyId(params);
  if (id === null) return reply(errorBody(storyTexts.notFound, ErrorCode.NotFound), 404);
  const intent = (await request.formData()).get('intent');
  try {
    if (intent === 'view') return reply(await markStoryViewed(request, id, token));
    if (intent === 'delete') {
      await deleteStory(request, id, token);
      return reply({ deleted: true });
    }
    return reply(errorBody(storyTexts.requestFailed, ErrorCode.BadRequest), 400);
  } catch (error) {
    return reply(errorAnswer(error, intent === 'delete' ? storyTexts.deleteFailed : storyTexts.requestFailed), errorStatus(error));
  }
}
