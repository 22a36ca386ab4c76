/**
 * /resources/mentions/:mentionId — POST `answer=approve|decline`: the mentioned member answers a
 * mention that waits for their review (privacy tagReview), through the posts service
 * (POST /api/posts/mentions/:mentionId/approve|decline; only the mentioned member may, 409 when it
 * was already answered the other way). Answers `{ review: 'approved' | 'declined' }`, or the
 * error shape `{ error, message, code }` with the server's text.
 */
import { ErrorCode, errorBody, notificationTexts } from '@kora/contracts';
import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { apiFetch, errorAnswer, errorStatus } from '~/utils/api.server';
import { jsonForPage } from '~/utils/json-for-page.server';
import { requireSession } from '~/utils/session.server';

const answered = z.object({ mentionId: z.number().int(), status: z.string() });
const params = z.object({ mentionId: z.coerce.number().int().positive() });
const form = z.object({ answer: z.enum(['approve', 'decline']) });

export async function action({ request, params: raw }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const id = params.safeParse(raw);
  const body = form.safeParse(Object.fromEntries(await request.formData()));
  if (!id.success || !body.success)
    return jsonForPage(errorBody(notificationTexts.mentionReviewFailed, ErrorCode.ValidationFailed), { status: 400, headers });
  const { answer } = body.data;
  try {
    await apiFetch(request, `/api/posts/mentions/${id.data.mentionId}/${answer}`, { method: 'POST', schema: answered, token });
    return jsonForPage({ review: answer === 'approve' ? 'approved' : 'declined' }, { headers });
  } catch (error) {
    return jsonForPage(errorAnswer(error, notificationTexts.mentionReviewFailed), { status: errorStatus(error), headers });
  }
}
