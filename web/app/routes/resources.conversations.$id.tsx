/**
 * /resources/conversations/{id} — the open conversation's live calls, with plain fetch() from the
 * page (decision 031: a resource route, because reloading the page would drop the older pages of
 * history it has loaded, and these run many times a minute). GET `?before=` / `?after=`: a page of
 * messages (older, or the catch-up after a reconnection); `?view=conversation`: the conversation
 * (members and marks). POST by `intent`: send, delete, read, delivered, typing
 * (schemas/message-action.server.ts). Failures answer `{ error, message, code }` with the server's
 * text, else "Request failed".
 */
import { ErrorCode, errorBody, messagePageQuery, messageTexts } from '@kora/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { parseMessageAction, type MessageAction } from '~/schemas/message-action.server';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { jsonForPage } from '~/utils/json-for-page.server';
import { deleteMessage, fetchConversation, fetchMessages, markDelivered, markRead, sendMessage, sendTyping } from '~/utils/messages.server';
import { requireSession } from '~/utils/session.server';

function conversationId(param: string | undefined): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}

const notFound = (headers: Headers) =>
  jsonForPage(errorBody(messageTexts.conversationNotFound, ErrorCode.NotFound), { status: 404, headers });

function failure(error: unknown, headers: Headers): Response {
  return jsonForPage(errorAnswer(error, messageTexts.requestFailed), { status: errorStatus(error), headers });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const id = conversationId(params.id);
  if (id === null) return notFound(headers);
  const search = new URL(request.url).searchParams;
  try {
    if (search.get('view') === 'conversation') return jsonForPage(await fetchConversation(request, id, token), { headers });
    const query = messagePageQuery.safeParse({ before: search.get('before') ?? undefined, after: search.get('after') ?? undefined });
    if (!query.success) return jsonForPage(errorBody(messageTexts.cursorInvalid, ErrorCode.ValidationFailed), { status: 400, headers });
    return jsonForPage(await fetchMessages(request, id, { before: query.data.before, after: query.data.after }, token), { headers });
  } catch (error) {
    return failure(error, headers);
  }
}

async function perform(request: Request, id: number, action: MessageAction, token: string | null): Promise<unknown> {
  switch (action.intent) {
    case 'send':
      return sendMessage(request, id, { ...action.body, replyToId: action.body.replyToId ?? null }, token);
    case 'delete':
      return deleteMessage(request, id, action.messageId, token);
    case 'read':
      return markRead(request, id, action.messageId, token);
    case 'delivered':
      await markDelivered(request, id, action.messageId, token);
      return { ok: true };
    case 'typing':
      await sendTyping(request, id, token);
      return { ok: true };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const id = conversationId(params.id);
  if (id === null) return notFound(headers);
  const parsed = parseMessageAction(await request.formData());
  if (!parsed.ok) return jsonForPage(errorBody(parsed.error, ErrorCode.ValidationFailed), { status: 400, headers });
  try {
    return jsonForPage(await perform(request, id, parsed.action, token), { headers });
  } catch (error) {
    return failure(error, headers);
  }
}
