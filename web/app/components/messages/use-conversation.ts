/**
 * The open conversation's live state: its messages (pages merged by id, oldest first), the
 * member's pending sends, the marks of the others, who is typing. It subscribes to the live hub
 * for this conversation's frames; every 'ready' (a reconnection) asks for what came after the
 * newest message shown (`?after=`), page after page, so nothing is missed or shown twice. Sends
 * carry a client id, so retrying one after a network failure stores it once. The conversation is
 * marked read while it is on screen and the tab visible (POST read with the newest id).
 */
import { messageLimits, messageTexts, type Conversation, type Message, type MessageMedia } from '@kora/contracts';
import { useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveHub } from '~/components/notifications/live-notifications-provider';
import { offerPush } from '~/components/push-offer/push-offer-signal';
import { formBody, resourceJson } from '~/utils/resource-json';
import { typingDue } from './composer-rules';
import { signalRead } from './list-signals';
import { mergeMessages, newestFromOthers, newestId, oldestId, unsettled, type PendingMessage } from './message-list-state';
import { withMark } from './receipts';
import { conversationUrl } from './types';

/** How long "… is typing…" stays after the last signal (they come every 3 s while typing). */
const TYPING_SHOWN_MS = 5_000;

/** A v4 UUID: crypto.randomUUID where the page is a secure context, else from random bytes. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface Draft {
  body: string;
  media: MessageMedia[];
  replyToId: number | null;
}

export function useConversation(initial: { conversation: Conversation; messages: Message[] }, meId: number) {
  const id = initial.conversation.id;
  const hub = useLiveHub();
  const { revalidate } = useRevalidator();
  const [conversation, setConversation] = useState(initial.conversation);
  const [messages, setMessages] = useState(() => mergeMessages(initial.messages));
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(initial.messages.length >= messageLimits.pageSize);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const [typing, setTyping] = useState<ReadonlyMap<number, number>>(new Map());
  const [visible, setVisible] = useState(true);
  const latest = useRef(messages);
  latest.current = messages;
  const readSent = useRef(initial.conversation.lastReadId);
  const typingSentAt = useRef(0);
  const url = conversationUrl(id);

  // The loader ran again (after a page action, a change of members): its page joins what is shown.
  useEffect(() => {
    setConversation(initial.conversation);
    setMessages((current) => mergeMessages(current, initial.messages));
  }, [initial.conversation, initial.messages]);

  const catchUp = useCallback(async () => {
    for (let round = 0; round < 20; round += 1) {
      const after = newestId(latest.current);
      const page = await resourceJson<Message[]>(`${url}?after=${after}`);
      if (!page.ok) return;
      latest.current = mergeMessages(latest.current, page.data);
      setMessages(latest.current);
      if (page.data.length < messageLimits.pageSize) break;
    }
    const fresh = await resourceJson<Conversation>(`${url}?view=conversation`);
    if (fresh.ok) setConversation(fresh.data);
  }, [url]);

  useEffect(() => {
    hub.setOpenConversation(id);
    const stop = hub.subscribe((event) => {
      if (event.type === 'ready') {
        void catchUp();
        return;
      }
      if (event.type === 'message:new' || event.type === 'message:deleted' || event.type === 'message:updated') {
        if (event.message.conversationId !== id) return;
        setMessages((current) => mergeMessages(current, [event.message]));
        const sender = event.message.senderId;
        if (event.type === 'message:new') setTyping((current) => (current.has(sender) ? withoutKey(current, sender) : current));
        return;
      }
      if (event.conversationId !== id) return;
      switch (event.type) {
        case 'conversation:read':
          setConversation((current) => withMark(current, { userId: event.userId, readUpTo: event.readUpTo }));
          break;
        case 'conversation:delivered':
          setConversation((current) => withMark(current, { userId: event.userId, deliveredUpTo: event.deliveredUpTo }));
          break;
        case 'conversation:typing':
          if (event.userId !== meId) setTyping((current) => new Map(current).set(event.userId, Date.now() + TYPING_SHOWN_MS));
          break;
        case 'conversation:changed':
          revalidate();
          break;
      }
    });
    return () => {
      stop();
      hub.setOpenConversation(null);
    };
  }, [hub, id, meId, catchUp, revalidate]);

  // "… is typing…" goes when its time is up.
  useEffect(() => {
    if (typing.size === 0) return;
    const next = Math.min(...typing.values());
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setTyping((current) => new Map([...current].filter(([, until]) => until > now)));
      },
      Math.max(0, next - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [typing]);

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState === 'visible');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Read while on screen: the newest id, once per newer message from someone else.
  useEffect(() => {
    if (!visible) return;
    const theirs = newestFromOthers(messages, meId);
    if (!theirs || theirs.id <= readSent.current) return;
    const upTo = newestId(messages);
    readSent.current = upTo;
    void resourceJson<{ lastReadId: number; unreadTotal: number }>(url, {
      method: 'POST',
      body: formBody({ intent: 'read', messageId: String(upTo) }),
    }).then((answer) => {
      if (!answer.ok) return;
      hub.setMessagesUnread(answer.data.unreadTotal);
      signalRead({ conversationId: id, readUpTo: answer.data.lastReadId });
    });
  }, [messages, visible, meId, url, id, hub]);

  const loadOlder = useCallback(async () => {
    const before = oldestId(latest.current);
    if (before === null || loadingOlder) return false;
    setLoadingOlder(true);
    const page = await resourceJson<Message[]>(`${url}?before=${before}`);
    setLoadingOlder(false);
    if (!page.ok) {
      setOlderFailed(true);
      return false;
    }
    setOlderFailed(false);
    setHasOlder(page.data.length >= messageLimits.pageSize);
    setMessages((current) => mergeMessages(current, page.data));
    return true;
  }, [url, loadingOlder]);

  const deliver = useCallback(
    async (send: PendingMessage) => {
      setPending((current) =>
        current.map((item) => (item.clientId === send.clientId ? { ...item, status: 'sending', error: undefined } : item)),
      );
      const answer = await resourceJson<Message>(url, {
        method: 'POST',
        body: formBody({
          intent: 'send',
          clientId: send.clientId,
          body: send.body,
          media: JSON.stringify(send.media.map((item) => ({ url: item.url }))),
          replyToId: send.replyToId === null ? '' : String(send.replyToId),
        }),
      });
      if (answer.ok) {
        setMessages((current) => mergeMessages(current, [answer.data]));
        setPending((current) => current.filter((item) => item.clientId !== send.clientId));
        // The member now waits for an answer: the moment push notifications are worth offering.
        offerPush('message');
        return;
      }
      // A refusal (4xx) says why; a lost connection or a server failure gets the retry hint.
      const refused = answer.status >= 400 && answer.status < 500;
      setPending((current) =>
        current.map((item) =>
          item.clientId === send.clientId ? { ...item, status: 'failed', error: refused ? answer.error : undefined } : item,
        ),
      );
    },
    [url],
  );

  const send = useCallback(
    (draft: Draft) => {
      const item: PendingMessage = { clientId: newClientId(), ...draft, body: draft.body.trim(), status: 'sending' };
      setPending((current) => [...current, item]);
      typingSentAt.current = 0;
      void deliver(item);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = pending.find((send) => send.clientId === clientId);
      if (item) void deliver(item);
    },
    [pending, deliver],
  );

  const remove = useCallback(
    async (messageId: number): Promise<string | null> => {
      const answer = await resourceJson<Message>(url, {
        method: 'POST',
        body: formBody({ intent: 'delete', messageId: String(messageId) }),
      });
      if (!answer.ok) return answer.error;
      setMessages((current) => mergeMessages(current, [answer.data]));
      return null;
    },
    [url],
  );

  /** Called as the member types: one signal per 3 s at most. */
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (!typingDue(typingSentAt.current, now)) return;
    typingSentAt.current = now;
    void resourceJson(url, { method: 'POST', body: formBody({ intent: 'typing' }) });
  }, [url]);

  const shownPending = useMemo(() => unsettled(pending, messages, meId), [pending, messages, meId]);
  const typers = useMemo(
    () => conversation.members.filter((member) => typing.has(member.id)).map((member) => member.name),
    [conversation.members, typing],
  );

  return {
    conversation,
    messages,
    pending: shownPending,
    hasOlder,
    loadingOlder,
    olderFailed,
    typingText: typers.length > 0 ? messageTexts.typing(typers[0]!) : null,
    loadOlder,
    send,
    retry,
    remove,
    notifyTyping,
  };
}

function withoutKey<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}
