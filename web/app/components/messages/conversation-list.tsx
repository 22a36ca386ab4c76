/**
 * The /messages list: the title and New message, the Inbox and Requests tabs, the search over
 * names and titles, and the conversations, newest activity first, each with its last message and
 * unread count. Live frames move a conversation up and count its unread messages in place; those
 * the list cannot apply itself (a conversation it does not show, a change of members) load the
 * list again (GET /resources/conversations), as every reconnection does.
 */
import { messageTexts, type Conversation, type ConversationFolder } from '@kora/contracts';
import { Form, Link, useLocation, useParams } from '@remix-run/react';
import { useEffect, useId, useRef, useState } from 'react';
import { MessageCircleIcon, PenSquareIcon, SearchIcon } from 'lucide-react';
import { Avatar } from '~/components/avatar';
import { useLiveHub } from '~/components/notifications/live-notifications-provider';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Input } from '~/components/ui/input';
import { avatarSrc } from '~/utils/media';
import { cn } from '~/utils/misc';
import { useCurrentUser } from '~/utils/use-current-user';
import { useNow } from '~/utils/use-now';
import { dayLabel, messageTime } from './day-groups';
import { listAfter, markedRead } from './list-state';
import { NewMessageDialog } from './new-message-dialog';
import { conversationName, otherMembers } from './receipts';
import { CONVERSATIONS_URL, type ConversationPageData } from './types';
import { useListSignals } from './list-signals';

type ListBase = { folder: ConversationFolder; q: string; requests: number; now: number };
export type ListData = (ListBase & { state: 'ok'; page: ConversationPageData }) | (ListBase & { state: 'error'; message: string });

const init: RequestInit = { credentials: 'same-origin', redirect: 'manual', cache: 'no-store' };

async function loadPage(folder: ConversationFolder, q: string, cursor: string | null): Promise<ConversationPageData | null> {
  const params = new URLSearchParams({ folder });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  try {
    const response = await fetch(`${CONVERSATIONS_URL}&${params}`, init);
    return response.ok ? ((await response.json()) as ConversationPageData) : null;
  } catch {
    return null;
  }
}

export function ConversationList({ data }: { data: ListData }) {
  const me = useCurrentUser();
  const meId = me?.id ?? 0;
  const hub = useLiveHub();
  const openId = Number(useParams().id ?? NaN);
  const now = useNow(data.now);
  const [list, setList] = useState<Conversation[]>(data.state === 'ok' ? data.page.conversations : []);
  const [cursor, setCursor] = useState<string | null>(data.state === 'ok' ? data.page.nextCursor : null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const { pathname } = useLocation();
  // Starting a conversation leads to it: the dialog has done its part.
  useEffect(() => setDialogOpen(false), [pathname]);
  const searchId = useId();
  const openRef = useRef<number | null>(null);
  openRef.current = Number.isInteger(openId) ? openId : null;

  // A new page from the loader (tab, search, revalidation) replaces the list.
  useEffect(() => {
    setList(data.state === 'ok' ? data.page.conversations : []);
    setCursor(data.state === 'ok' ? data.page.nextCursor : null);
  }, [data]);

  const { folder, q } = data;
  useEffect(() => {
    const reload = () =>
      void loadPage(folder, q, null).then((page) => {
        if (page) {
          setList(page.conversations);
          setCursor(page.nextCursor);
        }
      });
    return hub.subscribe((event) => {
      let stale = false;
      setList((current) => {
        const next = listAfter(current, event, meId, openRef.current);
        if (next === null) stale = true;
        return next ?? current;
      });
      if (stale) reload();
    });
  }, [hub, meId, folder, q]);

  // The open conversation's read answer: its unread count goes at once.
  useListSignals((signal) => setList((current) => markedRead(current, signal.conversationId, signal.readUpTo)));

  async function loadMore() {
    const page = await loadPage(folder, q, cursor);
    if (!page) return;
    setList((current) => [...current, ...page.conversations.filter((item) => !current.some((known) => known.id === item.id))]);
    setCursor(page.nextCursor);
  }

  const empty = q ? messageTexts.noMatches : folder === 'requests' ? messageTexts.noRequests : messageTexts.noConversations;
  return (
    <>
      <div className="flex items-center justify-between gap-2 px-4 pb-2 pt-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{messageTexts.title}</h1>
        <Button size="sm" onClick={() => setDialogOpen(true)}>
          <PenSquareIcon className="size-4" />
          {messageTexts.newMessage}
        </Button>
      </div>
      <nav aria-label={messageTexts.title} className="flex gap-1 px-4">
        <FolderTab folder="inbox" current={folder} label={messageTexts.inbox} />
        <FolderTab folder="requests" current={folder} label={messageTexts.requests} count={data.requests} />
      </nav>
      <Form method="get" role="search" aria-label={messageTexts.searchPlaceholder} className="px-4 py-3">
        {folder === 'requests' ? <input type="hidden" name="folder" value="requests" /> : null}
        <label htmlFor={searchId} className="sr-only">
          {messageTexts.searchPlaceholder}
        </label>
        <div className="relative">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            id={searchId}
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            placeholder={messageTexts.searchPlaceholder}
            className="rounded-full pl-9"
            autoComplete="off"
          />
        </div>
      </Form>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {data.state === 'error' ? (
          <Alert className="mx-4">{data.message}</Alert>
        ) : list.length === 0 ? (
          <EmptyState icon={MessageCircleIcon} title={empty} />
        ) : (
          <ul aria-label={folder === 'requests' ? messageTexts.requests : messageTexts.inbox} className="px-2 pb-2">
            {list.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                meId={meId}
                now={now}
                active={conversation.id === openId}
              />
            ))}
          </ul>
        )}
        {cursor ? (
          <div className="flex justify-center py-2">
            <Button variant="secondary" size="sm" onClick={() => void loadMore()}>
              {messageTexts.loadOlder}
            </Button>
          </div>
        ) : null}
      </div>
      {dialogOpen ? <NewMessageDialog open onOpenChange={setDialogOpen} /> : null}
    </>
  );
}

function FolderTab({
  folder,
  current,
  label,
  count = 0,
}: {
  folder: ConversationFolder;
  current: ConversationFolder;
  label: string;
  count?: number;
}) {
  const active = folder === current;
  return (
    <Link
      to={folder === 'inbox' ? '/messages' : '/messages?folder=requests'}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold',
        active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {label}
      {count > 0 ? <span className="rounded-full bg-red-600 px-1.5 text-xs text-white">{messageTexts.unreadBadge(count)}</span> : null}
    </Link>
  );
}

function ConversationRow({ conversation, meId, now, active }: { conversation: Conversation; meId: number; now: number; active: boolean }) {
  const { search } = useLocation();
  const name = conversationName(conversation, meId);
  const others = otherMembers(conversation, meId);
  const picture = conversation.kind === 'direct' ? others[0] : undefined;
  const last = conversation.lastMessage;
  const preview = last
    ? last.deleted
      ? messageTexts.messageDeleted
      : last.body || (last.media[0]?.type === 'video' ? messageTexts.video : messageTexts.photo)
    : '';
  const from = last && last.senderId === meId ? `${messageTexts.you}: ` : '';
  const when = last
    ? dayLabel(last.createdAt, now) === messageTexts.today
      ? messageTime(last.createdAt)
      : dayLabel(last.createdAt, now)
    : '';
  const unread = conversation.unreadCount > 0;
  return (
    <li>
      <Link
        to={`/messages/${conversation.id}${search}`}
        aria-current={active ? 'page' : undefined}
        className={cn('flex items-center gap-3 rounded-lg px-2 py-2', active ? 'bg-brand-50' : 'hover:bg-slate-100')}
      >
        <Avatar name={name} src={avatarSrc(picture?.profileImage)} className="size-12 text-base" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-[15px] text-slate-900', unread ? 'font-bold' : 'font-semibold')}>{name}</span>
            <span className="shrink-0 text-xs text-slate-500">{when}</span>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-600')}>
              {from}
              {preview}
            </span>
            {unread ? (
              <span className="shrink-0 rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
                <span aria-hidden="true">{messageTexts.unreadBadge(conversation.unreadCount)}</span>
                <span className="sr-only">{messageTexts.unreadInConversation(conversation.unreadCount)}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
