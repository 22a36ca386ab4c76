/**
 * Live delivery on one instance: the sockets it holds, what they are sent, and their heartbeat.
 * Each notification is serialised once and the same text goes to every tab of its recipient.
 *
 * Exactly once per tab: a notification the tab's 'ready' count already covers is not pushed (its
 * id is at or below the newest id when the count was taken), one that arrives while that count is
 * being read waits for it, and a redelivered one is recognised by its id (RecentIds).
 *
 * Conversations' frames (decision 039) go to every tab of every member an event names, serialised
 * once per event; a redelivered event is recognised by the event's id (a guard of its own, so the
 * two kinds of ids never crowd each other out). A tab gets them after its 'ready', like the rest.
 */
import { socketCloseCodes, type Notification, type SocketMessage } from '@kora/contracts';
import type { Logger } from '@kora/platform/service';
import { WebSocket } from 'ws';
import { Connection } from './connection.js';
import { RecentIds } from './recent-ids.js';
import { SocketRegistry } from './registry.js';

/** The frames about conversations (decision 039): every socket message but 'ready' and notifications. */
export type ConversationFrame = Exclude<SocketMessage, { type: 'ready' | 'notification:new' }>;

/** A tab this far behind (unsent bytes) is not reading; dropping it bounds our memory. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Redeliveries come soon after the original; this many recent ids cover far more than that. */
const RECENT_IDS = 20_000;

export interface LiveHubOptions {
  maxSocketsPerMember: number;
  log: Logger;
  /** Told when a member's first socket here opens and when their last one closes (presence). */
  presence?: { online(userId: number): void; offline(userId: number): void };
}

export class LiveHub {
  readonly registry: SocketRegistry;
  private readonly recent = new RecentIds(RECENT_IDS);
  private readonly recentEvents = new RecentIds<string>(RECENT_IDS);
  private readonly log: Logger;
  private readonly presence: LiveHubOptions['presence'];
  /** Live-feed messages handled so far (tests wait on it to know the feed is reading). */
  messagesSeen = 0;
  private loggedCounts = '';
  /**
   * Every socket's 'error' listener (one function, the socket as `this`; see release-upgrade.ts):
   * as @fastify/websocket's own would, it drops the socket (a protocol error, a frame too big).
   */
  readonly onSocketError: (this: WebSocket, err: Error) => void;

  constructor(options: LiveHubOptions) {
    this.registry = new SocketRegistry(options.maxSocketsPerMember);
    this.log = options.log;
    this.presence = options.presence;
    const log = this.log;
    this.onSocketError = function (err) {
      log.debug({ err }, 'notification socket error');
      this.terminate();
    };
  }

  /** Registers a new socket; 'ready' follows once its unread count is known (see `ready`). */
  open(socket: WebSocket, userId: number, sessionId: string): Connection {
    const conn = new Connection(socket, userId, sessionId);
    const evicted = this.registry.add(conn);
    if (this.registry.of(userId)?.size === 1) this.presence?.online(userId);
    if (evicted) evicted.socket.close(socketCloseCodes.tooManyConnections, 'too many connections');
    socket.on('pong', () => void (conn.alive = true));
    socket.once('close', () => {
      this.forget(conn);
      this.log.debug({ userId }, 'notification socket closed');
    });
    this.log.debug({ userId }, 'notification socket opened');
    return conn;
  }

  /**
   * Sends 'ready', then the notifications a reconnecting tab missed (`missed`, at or below
   * `newestId`: read-state.ts socketCatchUp), then whatever arrived meanwhile that neither covers.
   */
  ready(conn: Connection, unread: number, newestId: number, missed: readonly Notification[] = []): void {
    conn.after = newestId;
    this.send(conn, JSON.stringify({ type: 'ready', unread, newestId } satisfies SocketMessage));
    for (const notification of missed) this.send(conn, JSON.stringify({ type: 'notification:new', notification } satisfies SocketMessage));
    const held = conn.held;
    conn.held = null;
    for (const message of held ?? []) if (message.id > newestId) this.send(conn, message.text);
  }

  /** Pushes a new notification to every tab of its recipient held here. */
  push(recipientId: number, notification: Notification): void {
    const conns = this.registry.of(recipientId);
    // Only ids pushed here are remembered: other members' ids would only crowd the bounded set.
    if (!conns || !this.recent.firstTime(notification.id)) return;
    const text = JSON.stringify({ type: 'notification:new', notification } satisfies SocketMessage);
    for (const conn of conns) {
      if (conn.after === null) (conn.held ??= []).push({ id: notification.id, text });
      else if (notification.id > conn.after) this.send(conn, text);
    }
  }

  /** Whether a socket of any of `userIds` is held here (anything else in the list is ignored). */
  holdsAnyOf(userIds: unknown): boolean {
    if (!Array.isArray(userIds)) return false;
    for (const userId of userIds) if (typeof userId === 'number' && this.registry.of(userId)) return true;
    return false;
  }

  /**
   * Sends a conversation's frame (from the event `eventId`) to every tab of `memberIds` held here,
   * except those of `skip` (a typer is not told they are typing). Answers how many tabs it went to.
   */
  broadcast(eventId: string, memberIds: readonly number[], frame: ConversationFrame, skip: number | null = null): number {
    const here = [...new Set(memberIds)].filter((id) => id !== skip && this.registry.of(id));
    // Only events for members here are remembered, as with notifications.
    if (here.length === 0 || !this.recentEvents.firstTime(eventId)) return 0;
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const userId of here) {
      for (const conn of this.registry.of(userId) ?? []) {
        // Before 'ready' it waits, and then always goes (the count covers notifications only).
        if (conn.after === null) (conn.held ??= []).push({ id: Number.POSITIVE_INFINITY, text });
        else this.send(conn, text);
        sent++;
      }
    }
    return sent;
  }

  /** The session ended (sign-out, revoke, password change): its sockets close now. */
  closeSession(userId: number, sessionId: string): void {
    for (const conn of [...(this.registry.of(userId) ?? [])]) {
      if (conn.sessionId !== sessionId) continue;
      this.forget(conn);
      conn.socket.close(socketCloseCodes.sessionRevoked, 'session revoked');
    }
  }

  /**
   * One heartbeat tick for some members (heartbeat.ts spreads a full round over the interval):
   * drop their sockets that missed the last ping, ping the rest. Members gone since the round's
   * list was taken are skipped, and so is a socket pinged less than `minGapMs` ago (a member who
   * left and came back within a round is listed twice: its pong may not be back yet). Answers the
   * members still here, whose presence the tick refreshes.
   */
  heartbeat(userIds: Iterable<number>, now = Date.now(), minGapMs = 0): number[] {
    const members: number[] = [];
    for (const userId of userIds) {
      const conns = this.registry.of(userId);
      if (!conns) continue;
      let kept = false;
      for (const conn of [...conns]) {
        if (now - conn.pingedAt < minGapMs) {
          kept = true;
          continue;
        }
        if (!conn.alive) {
          this.log.debug({ userId }, 'notification socket missed its pong');
          conn.socket.terminate();
          continue;
        }
        kept = true;
        conn.alive = false;
        conn.pingedAt = now;
        if (conn.socket.readyState === WebSocket.OPEN) conn.socket.ping();
      }
      // A member whose every socket was just dropped goes offline when the last one closes.
      if (kept) members.push(userId);
    }
    return members;
  }

  /** Logs the member and socket counts when they changed since the last time. */
  logCounts(): void {
    const counts = this.registry.counts();
    const text = `${counts.members}/${counts.sockets}`;
    if (text !== this.loggedCounts) {
      this.loggedCounts = text;
      this.log.info(counts, 'notification sockets');
    }
  }

  /** Unregisters a socket; the member's last one here takes them offline on this instance. */
  private forget(conn: Connection): void {
    if (this.registry.remove(conn) && !this.registry.of(conn.userId)) this.presence?.offline(conn.userId);
  }

  private send(conn: Connection, text: string): void {
    if (conn.socket.readyState !== WebSocket.OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: conn.userId }, 'notification socket not reading; dropped');
      conn.socket.terminate();
      return;
    }
    conn.socket.send(text);
  }
}
