/**
 * `/ws`: the live socket. The gateway authenticates the member's token and forwards the handshake
 * with its signed identity header; the scoped onRequest hook (app.ts) refuses a handshake without a
 * valid identity with 401 before anything is upgraded.
 *
 * Protocol (server to client only, JSON text frames, `socketMessage` in the contracts):
 * - `{ type: 'ready', unread, newestId }` once, first: the unread count when the socket opened, and
 *   the newest notification id that count covers (0: none).
 * - `{ type: 'notification:new', notification }` for each notification made after that.
 * - Conversations' frames (decision 039, `messageSocketFrames`): `message:new` and
 *   `message:deleted` and `message:updated` `{ message }`, `conversation:read` `{ conversationId, userId, readUpTo }`,
 *   `conversation:delivered` `{ conversationId, userId, deliveredUpTo }`, `conversation:changed`
 *   `{ conversationId }`, `conversation:typing` `{ conversationId, userId }` (never to the typer).
 * Pings every NOTIFICATIONS_HEARTBEAT_MS; close 4001 when the session is revoked, 4002 when the
 * member opened more tabs than allowed (their oldest goes). Client messages are ignored.
 *
 * Optional catch-up (decision 049): `/ws?after=<id>`, the newest notification id the client saw
 * (in 'ready' or a notification; 0 when 'ready' covered none), has the notifications after it sent
 * again right after 'ready' (read-state.ts socketCatchUp). A
 * value that is not an id is ignored, not refused: browsers read a refused handshake as a session
 * that ended.
 */
import type { Notification } from '@kora/contracts';
import { memberOf, type ServiceApp } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { releaseUpgrade } from '../live/release-upgrade.js';
import { socketCatchUp, socketStart } from '../notifications/read-state.js';

/**
 * The `after` of `/ws?after=<id>`: an id, or 0 for a tab whose 'ready' covered no notification
 * (everything is missed); null when absent or not an id.
 */
export function catchUpFrom(query: unknown): number | null {
  const value = (query as { after?: unknown } | null)?.after;
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,15})$/.test(value)) return null;
  return Number(value);
}

export function socketRoute(app: ServiceApp, n: Notifications): void {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const { userId, sessionId } = memberOf(request);
    const conn = n.live.open(socket, userId, sessionId);
    releaseUpgrade(socket, request.raw, n.live.onSocketError);
    const after = catchUpFrom(request.query);
    const start: Promise<{ unread: number; newestId: number; missed?: Notification[] }> =
      after === null ? socketStart(n, userId) : socketCatchUp(n, userId, after);
    start.then(
      ({ unread, newestId, missed }) => n.live.ready(conn, unread, newestId, missed),
      (err: unknown) => {
        request.log.warn({ err, userId }, 'notification socket could not start');
        socket.close(1011, 'try again later');
      },
    );
  });
}
