/**
 * /resources/friends — POST: the member's friend actions by `intent` (schemas/friend-action.ts):
 * send, accept, decline, cancel, unfriend. The answer carries the toast text and, when the form
 * named the other member, the relation afterwards (the profile's button applies it in place; the
 * /friends page revalidates its lists instead). Failures answer the product's text for the intent,
 * with the server's refusal as the reason.
 */
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { failureText, relationAfter, successText } from '~/components/friends/friend-outcome';
import type { FriendActionData } from '~/components/friends/types';
import { parseFriendAction, type FriendAction } from '~/schemas/friend-action';
import { errorStatus, isClientError } from '~/utils/api.server';
import { friendScreenTexts, type Relation } from '@kora/contracts';
import { answerFriendRequest, cancelFriendRequest, fetchRelation, sendFriendRequest, unfriend } from '~/utils/friends.server';
import { requireSession } from '~/utils/session.server';

async function perform(request: Request, action: FriendAction, token: string | null): Promise<FriendActionData> {
  const { intent } = action;
  switch (action.intent) {
    case 'send': {
      const { request: sent } = await sendFriendRequest(request, action.userId, token);
      return { intent, ok: true, message: successText(intent, sent), relation: relationAfter(intent, action.userId, sent) };
    }
    case 'unfriend':
      await unfriend(request, action.userId, token);
      return { intent, ok: true, message: successText(intent), relation: await relationNow(request, intent, action.userId, token) };
    case 'accept':
    case 'decline':
      await answerFriendRequest(request, action.requestId, action.intent === 'accept' ? 'accepted' : 'declined', token);
      break;
    case 'cancel':
      await cancelFriendRequest(request, action.requestId, token);
      break;
  }
  const relation = action.userId ? await relationNow(request, intent, action.userId, token) : null;
  return { intent, ok: true, message: successText(intent), relation };
}

/**
 * After an action that leaves no request between the two, whether a new one may be sent depends
 * on the member's friend request policy and the graph: the friends service says (the button then
 * shows the reason instead of Add Friend); the guess stands in if it cannot answer.
 */
async function relationNow(request: Request, intent: FriendAction['intent'], userId: number, token: string | null): Promise<Relation> {
  const guess = relationAfter(intent, userId);
  if (guess.status !== 'none') return guess;
  return fetchRelation(request, userId, token).catch(() => guess);
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (answer: FriendActionData, status = 200) => data<FriendActionData>(answer, { status, headers });
  const action = parseFriendAction(await request.formData());
  // A form naming no known action (only a hand-made request sends one).
  if (!action) return reply({ intent: null, ok: false, error: friendScreenTexts.requestFailed }, 400);
  try {
    return reply(await perform(request, action, token));
  } catch (error) {
    const reason = isClientError(error) ? error.message : undefined;
    return reply(
      { intent: action.intent, ok: false, error: failureText(action.intent), ...(reason ? { reason } : {}) },
      errorStatus(error),
    );
  }
}
