/**
 * /messages (decision 039): the member's conversations beside the open one (routes
 * _app.messages.$id.tsx) on wide screens; on a phone the list and the conversation are two screens
 * (/messages shows the list, /messages/{id} only the conversation). Tabs Inbox and Requests and the
 * search over names and titles are the URL's (`?folder=requests&q=`), so they work without
 * JavaScript and survive opening a conversation. The list follows the live frames
 * (components/messages/conversation-list.tsx).
 */
import { CONVERSATION_FOLDERS, messageTexts, type ConversationFolder } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, useParams } from '@remix-run/react';
import { MessageCircleIcon } from 'lucide-react';
import { ConversationList, type ListData } from '~/components/messages/conversation-list';
import { EmptyState } from '~/components/ui/empty-state';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { fetchMessagesUnread, listConversations } from '~/utils/messages.server';
import { cn } from '~/utils/misc';
import { titleAndDescription } from '~/utils/page-meta';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';

export const handle = { fullWidth: true };

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(messageTexts.title, siteNameFromMatches(matches)));

export const shouldRevalidate = shouldRevalidatePage;

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const search = new URL(request.url).searchParams;
  const asked = search.get('folder');
  const folder: ConversationFolder = CONVERSATION_FOLDERS.find((known) => known === asked) ?? 'inbox';
  const q = (search.get('q') ?? '').trim().slice(0, 100);
  const requestsWaiting = fetchMessagesUnread(request, token).then(
    (answer) => answer.requests,
    () => 0,
  );
  try {
    const page = await listConversations(request, { folder, q }, token);
    return data<ListData>({ state: 'ok', folder, q, page, requests: await requestsWaiting, now: Date.now() }, { headers });
  } catch (error) {
    const message = errorMessage(error, messageTexts.loadFailed);
    return data<ListData>(
      { state: 'error', folder, q, message, requests: await requestsWaiting, now: Date.now() },
      { status: errorStatus(error), headers },
    );
  }
}

export default function MessagesLayout() {
  const list = useLoaderData<typeof loader>();
  const open = useParams().id !== undefined;
  return (
    // The top bar is 3.5rem; dvh follows the phone's keyboard (interactive-widget=resizes-content).
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-0 bg-white lg:border-x lg:border-slate-200">
      <section
        aria-label={messageTexts.title}
        className={cn('min-h-0 w-full flex-col border-slate-200 md:flex md:w-80 md:shrink-0 md:border-r lg:w-96', open ? 'hidden' : 'flex')}
      >
        <ConversationList data={list} />
      </section>
      <div className={cn('min-h-0 min-w-0 flex-1 flex-col', open ? 'flex' : 'hidden md:flex')}>
        {open ? (
          <Outlet />
        ) : (
          // No conversation open: on wide screens the space beside the list says what to do.
          <div className="flex flex-1 items-center justify-center">
            <EmptyState icon={MessageCircleIcon} title={messageTexts.pickConversation} />
          </div>
        )}
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
