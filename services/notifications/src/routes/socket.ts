/**
 * `/ws`: the live socket. The gateway authenticates the member's token and forwards the handshake
 * with its signed identity header; the scoped onRequest hook (app.ts) refuses a handshake without a
 * valid identity with 401 before anything is upgraded.
 *
 * Protocol (server to client only, JSON text frames, `socketMessage` in the contracts):
 * - `{ type: 'ready', unread }` once, first: the unread count when the socket opened.
 * - `{ type: 'notification:new', notification }` for each notification made after that.
 * - Conversations' frames (decision 039, `messageSocketFrames`): `message:new` and
 *   `message:deleted` `{ message }`, `conversation:read` `{ conversationId, userId, readUpTo }`,
 *   `conversation:delivered` `{ conversationId, userId, deliveredUpTo }`, `conversation:changed`
 *   `{ conversationId }`, `conversation:typing` `{ conversationId, userId }` (never to the typer).
 * Pings every NOTIFICATIONS_HEARTBEAT_MS; close 4001 when the session is revoked, 4002 when the
 * member opened more tabs than allowed (their oldest goes). Client messages are ignored.
 */
import { memberOf, type ServiceApp } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { releaseUpgrade } from '../live/release-upgrade.js';
import { socketStart } from '../notifications/read-state.js';

export function socketRoute(app: ServiceApp, n: Notifications): void {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const { userId, sessionId } = memberOf(request);
    const conn = n.live.open(socket, userId, sessionId);
    releaseUpgrade(socket, request.raw, n.live.onSocketError);
    socketStart(n, userId).then(
      ({ unread, newestId }) => n.live.ready(conn, unread, newestId),
      (err: unknown) => {
        request.log.warn({ err, userId }, 'notification socket could not start');
        socket.close(1011, 'try again later');
      },
    );
  });
}
