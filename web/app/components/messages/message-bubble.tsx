/**
 * One message: the member's own on the right, others' on the left (in a group with the sender's
 * name over the first of a run), the message replied to quoted on top, photos and a video, the
 * time, and a menu with Reply and, on the member's own, Delete for everyone. A deleted message
 * reads "Message deleted". A pending send shows "Sending…", or after a failure a button to retry.
 */
import { messageTexts, type Message, type MessageMedia } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { EllipsisIcon } from 'lucide-react';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { mediaUrl } from '~/utils/media';
import { cn } from '~/utils/misc';
import { messageTime } from './day-groups';
import { MessageText } from './message-text';
import type { PendingMessage } from './message-list-state';

export function ReplyQuote({ name, excerpt, deleted, own }: { name: string; excerpt: string; deleted: boolean; own: boolean }) {
  return (
    <span
      className={cn(
        'mb-1 block rounded-lg border-l-4 px-2 py-1 text-xs',
        own ? 'border-paper/70 bg-paper/15' : 'border-brand-500 bg-white',
      )}
    >
      <span className="block font-semibold">{name}</span>
      <span className="line-clamp-2 block">{deleted ? messageTexts.messageDeleted : excerpt}</span>
    </span>
  );
}

function MediaList({ media }: { media: MessageMedia[] }) {
  if (media.length === 0) return null;
  return (
    <span className={cn('mb-1 grid gap-1', media.length > 1 && 'grid-cols-2')}>
      {media.map((item) =>
        item.type === 'video' && item.state === 'processing' ? (
          <span key={item.url} className="block rounded-lg bg-black/80 px-3 py-6 text-center text-sm text-white" role="status">
            {messageTexts.videoProcessing}
          </span>
        ) : item.type === 'video' && item.state === 'failed' ? (
          <span key={item.url} className="block rounded-lg bg-red-50 px-3 py-3 text-sm text-red-800">
            {item.error ? `${messageTexts.videoFailed}: ${item.error}` : messageTexts.videoFailed}
          </span>
        ) : item.type === 'video' ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- members' videos come without captions
          <video
            key={item.url}
            controls
            preload="metadata"
            poster={mediaUrl(item.posterUrl) ?? undefined}
            src={mediaUrl(item.url) ?? undefined}
            className="max-h-72 w-full rounded-lg bg-black"
          />
        ) : (
          <a key={item.url} href={mediaUrl(item.url) ?? undefined} target="_blank" rel="noopener noreferrer">
            <img
              src={mediaUrl(item.url) ?? undefined}
              alt={messageTexts.photo}
              loading="lazy"
              className="max-h-72 w-full rounded-lg object-cover"
            />
          </a>
        ),
      )}
    </span>
  );
}

export function MessageBubble({
  message,
  own,
  senderName,
  showSender,
  replyName,
  onReply,
  onDelete,
}: {
  message: Message;
  own: boolean;
  senderName: string;
  showSender: boolean;
  /** The name of whoever wrote the message replied to. */
  replyName: string;
  onReply: () => void;
  onDelete: () => void;
}) {
  const time = messageTime(message.createdAt);
  return (
    <li className={cn('group flex items-end gap-1', own ? 'flex-row-reverse' : 'flex-row')} data-message-id={message.id}>
      <div className={cn('flex max-w-[80%] flex-col', own ? 'items-end' : 'items-start')}>
        {showSender && !own ? <span className="mb-0.5 px-3 text-xs font-medium text-slate-600">{senderName}</span> : null}
        <p
          className={cn(
            'rounded-2xl px-3 py-2 text-[15px] leading-snug',
            message.deleted
              ? 'border border-slate-300 bg-white italic text-slate-600'
              : own
                ? 'bg-brand-600 text-white'
                : 'bg-slate-100 text-slate-900',
          )}
        >
          <span className="sr-only">{own ? `${messageTexts.you}: ` : `${senderName}: `}</span>
          {message.deleted ? (
            messageTexts.messageDeleted
          ) : (
            <>
              {message.replyTo ? (
                <ReplyQuote name={replyName} excerpt={message.replyTo.excerpt} deleted={message.replyTo.deleted} own={own} />
              ) : null}
              <MediaList media={message.media} />
              {message.body ? <MessageText text={message.body} /> : null}
            </>
          )}
          <time
            dateTime={message.createdAt}
            className={cn('ml-2 inline-block align-bottom text-[11px]', own && !message.deleted ? 'text-white' : 'text-slate-600')}
          >
            {time}
          </time>
        </p>
      </div>
      {message.deleted ? null : (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            aria-label={messageTexts.messageActions}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 opacity-70 hover:bg-slate-100 hover:opacity-100 focus-visible:opacity-100 data-[state=open]:bg-slate-100"
          >
            <EllipsisIcon className="size-4" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align={own ? 'end' : 'start'} sideOffset={4} className={cn(menuContentClasses, 'min-w-44')}>
              <DropdownMenu.Item onSelect={onReply} className={menuItemClasses}>
                {messageTexts.reply}
              </DropdownMenu.Item>
              {own ? (
                <DropdownMenu.Item onSelect={onDelete} className={cn(menuItemClasses, 'text-red-700')}>
                  {messageTexts.deleteForEveryone}
                </DropdownMenu.Item>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </li>
  );
}

export function PendingBubble({ send, onRetry }: { send: PendingMessage; onRetry: () => void }) {
  return (
    <li className="flex flex-col items-end" data-pending={send.status}>
      <p
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-[15px] leading-snug text-white',
          send.status === 'failed' ? 'bg-brand-600/60' : 'bg-brand-600/80',
        )}
      >
        <MediaList media={send.media} />
        {send.body ? <MessageText text={send.body} /> : null}
      </p>
      {send.status === 'sending' ? (
        <span className="mt-0.5 px-1 text-xs text-slate-600">{messageTexts.sending}</span>
      ) : (
        <button type="button" onClick={onRetry} className="mt-0.5 px-1 text-xs font-semibold text-red-700 hover:underline">
          {send.error ? `${send.error} · ${messageTexts.retry}` : messageTexts.sendFailed}
        </button>
      )}
    </li>
  );
}
