/**
 * The live notification socket (`/ws` on the page's own origin; the gateway authenticates it with
 * the httpOnly access-token cookie and passes it to the notifications service). The server first
 * sends {type:'ready', unread}, then {type:'notification:new', notification} as they happen, and
 * the member's conversations' frames (message:new, conversation:read, …; decision 039).
 *
 * The connection is kept up for as long as the member stays signed in:
 * - a dropped socket is reopened after a growing, jittered delay (reconnectDelay: 1 s doubling to
 *   30 s), reset once the server says 'ready' again. Every 'ready' is the caller's cue to catch up
 *   (refetch the list and count), so nothing sent while the socket was down is missed. A reopened
 *   socket also names the newest notification it knows of (`/ws?after=<id>`, decision 049: the newest
 *   it was sent, or that its last 'ready' covered, 0 for none): the server then sends what came
 *   after it as 'notification:new' right after 'ready', so the missed ones arrive as live ones do,
 *   whichever server instance the new socket reaches;
 * - a handshake that is refused (closed before it opened: the browser hides the HTTP status) or a
 *   close with an authentication code means the access token has probably expired. The cookie is
 *   httpOnly, so the page cannot renew it itself: `refreshSession` asks the web app to (a resource
 *   route running requireSession), then the socket reconnects with the new cookie;
 * - when that says the member is signed out, the socket stops for good;
 * - a socket closed because the member has too many tabs open (the server drops the oldest) waits
 *   until `retryNow` (the provider calls it when the tab is shown again or the browser comes back
 *   online): reconnecting by itself would evict another tab, which would do the same, for ever.
 * React stays out of this file (see components/notifications/live-notifications-provider.tsx).
 */
import { socketCloseCodes, type Notification } from '@kora/contracts';
import { readSocketMessage, type ConversationFrame } from './socket-message';

export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** Close codes that mean "not authenticated": the session ended, a policy violation, a 401 look-alike. */
const AUTH_CLOSE_CODES = new Set<number>([socketCloseCodes.sessionRevoked, 1008, 4401]);

/**
 * The wait before reconnect attempt `attempt` (0 = the first after a drop): 1 s doubling to 30 s,
 * ±25 % so that members dropped together (a server restart) do not all return in the same second.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
  const jittered = base * (0.75 + 0.5 * random());
  return Math.round(Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_MIN_MS, jittered)));
}

/** What renewing the session found: renewed or still valid, signed out, or could not tell. */
export type SessionCheck = 'ok' | 'signed-out' | 'failed';

export type LiveStatus = 'connecting' | 'live' | 'offline' | 'stopped';

/** The part of the browser's WebSocket used here (tests pass a fake). */
export interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  close(code?: number): void;
}

export interface LiveNotificationsOptions {
  url: string;
  /** The unread count as the server counts it; also the cue to catch up. */
  onReady: (unread: number) => void;
  onNotification: (notification: Notification) => void;
  /** The conversations' frames (decision 039): new and deleted messages, marks, changes, typing. */
  onConversationFrame?: (frame: ConversationFrame) => void;
  refreshSession: () => Promise<SessionCheck>;
  onStatus?: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

export interface LiveConnection {
  /** Stops for good (the page is leaving the signed-in layout). */
  close(): void;
  /** Skips the current wait, or ends the pause after too many tabs (the tab is shown, the browser is online). */
  retryNow(): void;
}

/** `ws://host/ws` or `wss://host/ws` for the page at `location`. */
export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** `url` asking to be sent the notifications after `newestId` (null: nothing known yet, nothing asked). */
export function catchUpUrl(url: string, newestId: number | null): string {
  if (newestId === null) return url;
  return `${url}${url.includes('?') ? '&' : '?'}after=${newestId}`;
}

export function connectLiveNotifications(options: LiveNotificationsOptions): LiveConnection {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;
  /** Closed to make room for another tab: waits for retryNow. */
  let paused = false;
  /**
   * The newest notification id this connection knows of (sent, or covered by a 'ready'; null until
   * the first 'ready' or one from a server that does not name it): a reopened socket catches up from it.
   */
  let newestId: number | null = null;

  function open(): void {
    timer = null;
    if (stopped) return;
    options.onStatus?.('connecting');
    let opened = false;
    const current = create(catchUpUrl(options.url, newestId));
    socket = current;
    current.onopen = () => {
      opened = true;
    };
    current.onmessage = (event) => {
      const message = readSocketMessage(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        attempt = 0;
        if (message.newestId !== undefined) newestId = Math.max(newestId ?? 0, message.newestId);
        options.onStatus?.('live');
        options.onReady(message.unread);
      } else if (message.type === 'notification:new') {
        newestId = Math.max(newestId ?? 0, message.notification.id);
        options.onNotification(message.notification);
      } else {
        options.onConversationFrame?.(message);
      }
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (stopped) return;
      options.onStatus?.('offline');
      if (event.code === socketCloseCodes.tooManyConnections) paused = true;
      else if (!opened || AUTH_CLOSE_CODES.has(event.code)) void renewThenRetry();
      else retryLater();
    };
  }

  async function renewThenRetry(): Promise<void> {
    let check: SessionCheck;
    try {
      check = await options.refreshSession();
    } catch {
      check = 'failed';
    }
    if (stopped) return;
    if (check === 'signed-out') stop();
    // Still through the backoff: a refusal that is not about the session (service down) must not
    // become a tight loop of handshakes and refreshes.
    else retryLater();
  }

  function retryLater(): void {
    timer = setTimeout(open, reconnectDelay(attempt++, options.random));
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    const current = socket;
    socket = null;
    current?.close(1000);
    options.onStatus?.('stopped');
  }

  open();
  return {
    close: stop,
    retryNow() {
      if (stopped || !(timer || paused)) return;
      if (timer) clearTimeout(timer);
      paused = false;
      open();
    },
  };
}
