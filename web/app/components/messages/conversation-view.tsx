/**
 * One conversation on screen: the header (Back to the list on a phone, the name, the details of a
 * group), the history under day separators with older pages loading as the member scrolls up (the
 * position kept), "… is typing…", the marks under the member's own newest message, the request
 * banner, and the composer pinned at the bottom. State and live updates: use-conversation.ts.
 */
import { messageTexts, type Conversation, type Message } from '@kora/contracts';
import { Link, useLocation } from '@remix-run/react';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ArrowLeftIcon, InfoIcon } from 'lucide-react';
import { Avatar } from '~/components/avatar';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Spinner } from '~/components/ui/spinner';
import { useToast } from '~/components/ui/toast';
import { avatarSrc } from '~/utils/media';
import { useInView } from '~/utils/use-in-view';
import { useNow } from '~/utils/use-now';
import { Composer, type ComposerHandle, type ReplyTarget } from './composer';
import { groupByDay } from './day-groups';
import { GroupDetailsDialog } from './group-details-dialog';
import { MessageBubble, PendingBubble } from './message-bubble';
import { newestOwn } from './message-list-state';
import { conversationName, otherMembers, receiptText } from './receipts';
import { RequestBanner } from './request-banner';
import { useConversation } from './use-conversation';

/** Within this distance of the bottom, new messages keep the view at the bottom. */
const STICK_PX = 120;

export function ConversationView({ data, meId }: { data: { conversation: Conversation; messages: Message[]; now: number }; meId: number }) {
  const live = useConversation(data, meId);
  const { conversation, messages, pending } = live;
  const now = useNow(data.now);
  const { search } = useLocation();
  const { toast } = useToast();
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; busy: boolean; error: string | null } | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  /** Distance from the bottom before older messages were added above: kept after they are. */
  const keepFromBottom = useRef<number | null>(null);

  const names = useMemo(() => new Map(conversation.members.map((member) => [member.id, member.name])), [conversation.members]);
  const nameOf = (id: number) => (id === meId ? messageTexts.you : (names.get(id) ?? ''));
  const title = conversationName(conversation, meId);
  const others = otherMembers(conversation, meId);
  const me = conversation.members.find((member) => member.id === meId);
  const isGroup = conversation.kind === 'group';
  const ownNewest = newestOwn(messages, meId);
  const receipt = ownNewest && conversation.folder === 'inbox' ? receiptText(conversation, meId, ownNewest.id) : null;
  const groups = groupByDay(messages, now);

  // Older pages as the top comes near (IntersectionObserver), keeping what the member looks at in place.
  const nearTop = useInView(top, { rootMargin: '400px 0px 0px 0px' });
  const { hasOlder, loadingOlder, olderFailed, loadOlder } = live;
  const loadOlderKeepingPlace = () => {
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void loadOlder().then((loaded) => {
      if (!loaded) keepFromBottom.current = null;
    });
  };
  const autoLoad = nearTop && hasOlder && !loadingOlder && !olderFailed && messages.length > 0;
  const autoLoadAsked = useRef(false);
  useLayoutEffect(() => {
    if (autoLoad && !autoLoadAsked.current) {
      autoLoadAsked.current = true;
      loadOlderKeepingPlace();
    } else if (!autoLoad) autoLoadAsked.current = false;
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stick.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages, pending, live.typingText, receipt]);

  function onScroll() {
    const element = scroller.current;
    if (element) stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
  }

  async function confirmDelete() {
    if (!deleting) return;
    setDeleting({ ...deleting, busy: true, error: null });
    const error = await live.remove(deleting.id);
    if (error) setDeleting({ ...deleting, busy: false, error });
    else setDeleting(null);
  }

  const back = `/messages${search}`;
  return (
    <>
      <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-4">
        <Link
          to={back}
          aria-label={messageTexts.backToList}
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100 md:hidden"
        >
          <ArrowLeftIcon className="size-5" />
        </Link>
        <Avatar name={title} src={isGroup ? null : avatarSrc(others[0]?.profileImage)} className="size-10 text-sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{title}</h2>
          {isGroup ? (
            <p className="truncate text-xs text-slate-600">
              {conversation.members
                .filter((member) => member.active)
                .map((member) => nameOf(member.id))
                .join(', ')}
            </p>
          ) : others[0] ? (
            <p className="truncate text-xs text-slate-600">@{others[0].username}</p>
          ) : null}
        </div>
        {isGroup ? (
          <button
            type="button"
            aria-label={messageTexts.conversationDetails}
            title={messageTexts.conversationDetails}
            onClick={() => setDetailsOpen(true)}
            className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <InfoIcon className="size-5" />
          </button>
        ) : null}
      </header>

      <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-3 sm:px-4" aria-label={title} role="region">
        <div ref={top} />
        <div className="flex justify-center py-2">
          {loadingOlder ? (
            <Spinner label={messageTexts.loadOlder} />
          ) : hasOlder && messages.length > 0 ? (
            <button
              type="button"
              onClick={loadOlderKeepingPlace}
              className="rounded-full px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              {olderFailed ? `${messageTexts.loadOlderFailed} · ${messageTexts.retry}` : messageTexts.loadOlder}
            </button>
          ) : (
            <p className="text-sm text-slate-600">{messageTexts.beginning}</p>
          )}
        </div>
        {groups.map((group) => (
          <section key={group.day} aria-label={group.label}>
            <DaySeparator>{group.label}</DaySeparator>
            <ol className="space-y-1">
              {group.items.map((message, index) => {
                const previous = group.items[index - 1];
                return (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    own={message.senderId === meId}
                    senderName={nameOf(message.senderId)}
                    showSender={isGroup && previous?.senderId !== message.senderId}
                    replyName={message.replyTo ? nameOf(message.replyTo.senderId) : ''}
                    onReply={() => {
                      setReplyTo({ id: message.id, name: nameOf(message.senderId), excerpt: message.body || messageTexts.photo });
                      requestAnimationFrame(() => composer.current?.focus());
                    }}
                    onDelete={() => setDeleting({ id: message.id, busy: false, error: null })}
                  />
                );
              })}
            </ol>
          </section>
        ))}
        {pending.length > 0 ? (
          <ol className="mt-1 space-y-1">
            {pending.map((send) => (
              <PendingBubble key={send.clientId} send={send} onRetry={() => live.retry(send.clientId)} />
            ))}
          </ol>
        ) : null}
        {receipt && pending.length === 0 ? (
          <p className="mt-1 text-right text-xs text-slate-600" data-testid="receipt">
            {receipt}
          </p>
        ) : null}
      </div>

      <p aria-live="polite" className="min-h-5 px-4 text-xs italic text-slate-600">
        {live.typingText ?? ''}
      </p>
      {conversation.folder === 'requests' ? (
        <RequestBanner name={others[0]?.name ?? title} />
      ) : me && !me.active ? (
        <p className="border-t border-slate-200 px-4 py-3 text-center text-sm text-slate-600">{messageTexts.left}</p>
      ) : (
        <Composer ref={composer} onSend={live.send} onTyping={live.notifyTyping} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={messageTexts.deleteForEveryone}
        description={messageTexts.deleteForEveryoneHint}
        confirmLabel={messageTexts.deleteForEveryone}
        busyLabel={messageTexts.deleting}
        busy={deleting?.busy ?? false}
        error={deleting?.error}
        onConfirm={() => void confirmDelete()}
      />
      {detailsOpen ? (
        <GroupDetailsDialog
          conversation={conversation}
          meId={meId}
          onOpenChange={setDetailsOpen}
          onDone={(message) => toast({ title: message })}
        />
      ) : null}
    </>
  );
}

function DaySeparator({ children }: { children: ReactNode }) {
  return (
    <h3 className="my-3 flex items-center gap-3 text-xs font-semibold uppercase tracking-wide text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
      {children}
    </h3>
  );
}
