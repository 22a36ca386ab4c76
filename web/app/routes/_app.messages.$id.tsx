/**
 * /messages/{id} (decision 039): one conversation — its history oldest to newest under day
 * separators, older pages as the member scrolls up, the composer, replies, deletion, typing and
 * read marks, all live (components/messages/conversation-view.tsx). The page's own action takes
 * what changes the conversation itself, and the page reloads after it (decision 031): accept or
 * decline a request, rename a group, add or remove members (its creator), leave. Declining and
 * leaving go back to the list. Someone else's conversation reads as not found, as a missing one.
 */
import { messageTexts, renameConversationBody, addMembersBody } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MessageCircleIcon } from 'lucide-react';
import { ConversationView } from '~/components/messages/conversation-view';
import { conversationName } from '~/components/messages/receipts';
import type { ConversationActionData, ConversationData } from '~/components/messages/types';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { errorMessage, errorStatus, isApiError } from '~/utils/api.server';
import {
  addMembers,
  answerRequest,
  fetchConversation,
  fetchMessages,
  leaveConversation,
  removeMember,
  renameConversation,
} from '~/utils/messages.server';
import { formText } from '~/utils/form-submission';
import { titleAndDescription } from '~/utils/page-meta';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useCurrentUser } from '~/utils/use-current-user';

export const handle = { fullWidth: true };

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  titleAndDescription(pageTitle(loaded?.state === 'ok' ? loaded.title : messageTexts.title, siteNameFromMatches(matches)));

export const shouldRevalidate = shouldRevalidatePage;

function idOf(param: string | undefined): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  const id = idOf(params.id);
  if (id === null) return data<ConversationData>({ state: 'missing' }, { status: 404, headers });
  try {
    const [conversation, messages] = await Promise.all([fetchConversation(request, id, token), fetchMessages(request, id, {}, token)]);
    const title = conversationName(conversation, identity.userId);
    return data<ConversationData>({ state: 'ok', conversation, messages, title, now: Date.now() }, { headers });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return data<ConversationData>({ state: 'missing' }, { status: 404, headers });
    return data<ConversationData>(
      { state: 'error', message: errorMessage(error, messageTexts.loadFailed) },
      { status: errorStatus(error), headers },
    );
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const reply = (answer: ConversationActionData, status = 200) => data<ConversationActionData>(answer, { status, headers });
  const id = idOf(params.id);
  if (id === null) return reply({ ok: false, error: messageTexts.conversationNotFound }, 404);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  try {
    switch (intent) {
      case 'accept':
        await answerRequest(request, id, 'accept', token);
        return reply({ ok: true, message: messageTexts.requestAccepted });
      case 'decline':
        await answerRequest(request, id, 'decline', token);
        return redirect('/messages?folder=requests', { headers });
      case 'leave':
        await leaveConversation(request, id, token);
        return redirect('/messages', { headers });
      case 'rename': {
        const body = renameConversationBody.safeParse({ title: formText(form, 'title') });
        if (!body.success) return reply({ ok: false, error: body.error.issues[0]!.message }, 400);
        await renameConversation(request, id, body.data.title, token);
        return reply({ ok: true, message: messageTexts.renamed });
      }
      case 'add': {
        const body = addMembersBody.safeParse({ memberIds: form.getAll('memberId').map(Number) });
        if (!body.success) return reply({ ok: false, error: body.error.issues[0]!.message }, 400);
        await addMembers(request, id, body.data.memberIds, token);
        return reply({ ok: true, message: messageTexts.membersAdded });
      }
      case 'remove': {
        const userId = Number(form.get('userId'));
        if (!Number.isInteger(userId) || userId <= 0) return reply({ ok: false, error: messageTexts.memberNotFound }, 400);
        await removeMember(request, id, userId, token);
        return reply({ ok: true, message: messageTexts.memberRemoved });
      }
      default:
        return reply({ ok: false, error: messageTexts.requestFailed }, 400);
    }
  } catch (error) {
    return reply({ ok: false, error: errorMessage(error, messageTexts.requestFailed) }, errorStatus(error));
  }
}

export default function ConversationPage() {
  const loaded = useLoaderData<typeof loader>();
  const me = useCurrentUser();
  if (loaded.state === 'missing') {
    return (
      <div className="flex flex-1 items-center justify-center">
        <EmptyState icon={MessageCircleIcon} title={messageTexts.conversationNotFound} titleAs="h1" />
      </div>
    );
  }
  if (loaded.state === 'error') return <LoadError message={loaded.message} />;
  // A new conversation (another id) starts from its own state.
  return <ConversationView key={loaded.conversation.id} data={loaded} meId={me?.id ?? 0} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
