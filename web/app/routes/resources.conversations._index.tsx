/**
 * /resources/conversations?index — the member's conversations, called from many pages (decision 031):
 * GET `?folder=&q=&cursor=`: a page of the list (the /messages list refreshing itself after live
 * frames and for its search); GET `?unread=1`: the top bar's unread total. POST `intent=start` with
 * `memberId` (one or more) and an optional `title`: starts a conversation (the existing one with a
 * single member) and goes to it — the "Message" buttons on profiles and friend cards and the New
 * message dialog. A refusal answers `{ ok: false, error }` with the server's text.
 */
import { CONVERSATION_FOLDERS, createConversationBody, ErrorCode, errorBody, messageTexts, type ConversationFolder } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { StartConversationData } from '~/components/messages/types';
import { errorAnswer, errorMessage, errorStatus } from '~/utils/api.server';
import { formText } from '~/utils/form-submission';
import { jsonForPage } from '~/utils/json-for-page.server';
import { createConversation, fetchMessagesUnread, listConversations } from '~/utils/messages.server';
import { requireSession } from '~/utils/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const search = new URL(request.url).searchParams;
  try {
    if (search.has('unread')) return jsonForPage(await fetchMessagesUnread(request, token), { headers });
    const asked = search.get('folder') ?? 'inbox';
    const folder = CONVERSATION_FOLDERS.find((known): known is ConversationFolder => known === asked);
    if (!folder) return jsonForPage(errorBody(messageTexts.folderInvalid, ErrorCode.ValidationFailed), { status: 400, headers });
    const q = (search.get('q') ?? '').trim().slice(0, 100);
    return jsonForPage(await listConversations(request, { folder, q, cursor: search.get('cursor') }, token), { headers });
  } catch (error) {
    return jsonForPage(errorAnswer(error, messageTexts.requestFailed), { status: errorStatus(error), headers });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (answer: StartConversationData, status: number) => data<StartConversationData>(answer, { status, headers });
  const form = await request.formData();
  if (form.get('intent') !== 'start') return reply({ ok: false, error: messageTexts.requestFailed }, 400);
  const title = formText(form, 'title').trim();
  const memberIds = form.getAll('memberId').map((value) => Number(value));
  const parsed = createConversationBody.safeParse({
    memberIds,
    ...(title ? { title } : {}),
    ...(form.get('group') === 'true' ? { group: true } : {}),
  });
  if (!parsed.success) return reply({ ok: false, error: parsed.error.issues[0]?.message ?? messageTexts.membersInvalid }, 400);
  try {
    const conversation = await createConversation(request, parsed.data, token);
    throw redirect(`/messages/${conversation.id}`, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    return reply({ ok: false, error: errorMessage(error, messageTexts.requestFailed) }, errorStatus(error));
  }
}
