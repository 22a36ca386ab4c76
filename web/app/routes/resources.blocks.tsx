/**
 * /resources/blocks (decision 036) — GET `?cursor=`: a page of the member's blocked members (the
 * Blocked section of Settings → Privacy loads it and its next pages); POST: block or unblock a member
 * by `intent` (schemas/block-action.ts), answering the product's toast text. A block changes what
 * every page shows (posts, friends, notifications), so the pages' loaders run again afterwards.
 * Failures answer the product's text for the intent, or the server's refusal when it has one.
 */
import { safetyTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { BlockActionData } from '~/components/safety/types';
import { parseBlockAction } from '~/schemas/block-action';
import { errorAnswer, errorStatus, isClientError } from '~/utils/api.server';
import { blockMember, fetchBlockedPage, unblockMember } from '~/utils/blocks.server';
import { requireSession } from '~/utils/session.server';

/** Read with plain fetch (utils/resource-json.ts), so an unblock does not load the pages again. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const cursor = new URL(request.url).searchParams.get('cursor');
  try {
    return data(await fetchBlockedPage(request, cursor, token), { headers });
  } catch (error) {
    return data(errorAnswer(error, safetyTexts.fetchBlockedFailed), { status: errorStatus(error), headers });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (answer: BlockActionData, status = 200) => data<BlockActionData>(answer, { status, headers });
  const action = parseBlockAction(await request.formData());
  if (!action) return reply({ ok: false, intent: null, error: safetyTexts.blockFailed }, 400);
  const { intent, userId } = action;
  try {
    const answer = intent === 'block' ? await blockMember(request, userId, token) : await unblockMember(request, userId, token);
    return reply({ ok: true, intent, userId, message: answer.message });
  } catch (error) {
    const failed = intent === 'block' ? safetyTexts.blockFailed : safetyTexts.unblockFailed;
    return reply({ ok: false, intent, error: isClientError(error) ? error.message : failed }, errorStatus(error));
  }
}
