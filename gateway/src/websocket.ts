/**
 * `/ws`: the live notification socket, proxied to the notifications service.
 *
 * Node hands WebSocket handshakes to the server's 'upgrade' event. The edge server (edge-server.ts)
 * runs the same checks on them as on any request (request id, rate limit, token, cross-site check)
 * and then hands a handshake for `/ws` here. This opens its own handshake to the service with
 * node:http, forwarding the gateway-signed identity and the request id, relays the service's
 * answer, and after a 101 pipes the two sockets together. The gateway never parses frames;
 * keep-alive pings are the service's business. With several instances (decision 049) each socket
 * goes to the next one in turn; one that cannot be reached is passed over and the handshake is
 * tried on the next, so a dead instance's members land on a live one when they reconnect.
 */
import { errorBody } from '@kora/contracts';
import type { Logger } from '@kora/platform';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { addEdgeHeaders } from './answer.js';
import { AUTH_STATE_HEADER } from './auth.js';
import type { EdgeRequest } from './edge-request.js';
import { REQUEST_ID_HEADER } from './edge-request.js';
import { upstreamErrorResponse, type UpstreamFailure } from './errors.js';
import type { Instances } from './instances.js';
import { HOP_BY_HOP, upstreamRequestHeaders } from './proxy.js';
import { protocolsWithoutToken, urlWithoutSocketToken } from './socket-credentials.js';

export interface WebSocketProxyOptions {
  /** The notifications instances (decision 049): each socket goes to the next in turn, past any that refuse. */
  instances: Instances;
  connectTimeoutMs: number;
  timeoutMs: number;
  log: Logger;
}

/** A handshake on its way: the client's socket, what it sent past the headers, and its answer. */
export interface PendingUpgrade {
  socket: Socket;
  head: Buffer;
  /** An HTTP answer written on the socket, for a handshake that is refused. */
  res: ServerResponse;
}

export interface WebSocketProxy {
  relay(edge: EdgeRequest, upgrade: PendingUpgrade): void;
  /** Closes every live socket and abandons handshakes in flight (shutdown). */
  closeAll(): void;
}

// Headers of the gateway's own that the client should see on the handshake answer too.
const ECHOED = [REQUEST_ID_HEADER, AUTH_STATE_HEADER];

function echoedHeaders(edge: EdgeRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const own = edge.answerHeaders;
  for (let i = 0; i < own.length; i += 2) if (ECHOED.includes(own[i]!)) out[own[i]!] = own[i + 1]!;
  return out;
}

export function createWebSocketProxy(options: WebSocketProxyOptions): WebSocketProxy {
  // Upgraded sockets leave Node's HTTP bookkeeping, so `server.close()` would wait for them forever.
  const live = new Set<() => void>();

  function relay(edge: EdgeRequest, client: PendingUpgrade): void {
    attempt(edge, client, options.instances.tryOrder());
  }

  /** Tries the handshake on `origins[0]`; one that cannot be reached hands it to the rest. */
  function attempt(edge: EdgeRequest, client: PendingUpgrade, origins: string[]): void {
    const [origin, ...rest] = origins as [string, ...string[]];
    const target = new URL(origin);
    // Hop-by-hop headers are left out by upstreamRequestHeaders; the upgrade's own are set here.
    const headers: OutgoingHttpHeaders = upstreamRequestHeaders(edge, 'notifications');
    headers.host = target.host;
    headers.connection = 'Upgrade';
    headers.upgrade = 'websocket';
    // The token stays at the edge (socket-credentials.ts): the service gets the signed identity.
    const offered = protocolsWithoutToken(edge.headers);
    if (offered === undefined) delete headers['sec-websocket-protocol'];
    else headers['sec-websocket-protocol'] = offered;

    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstreamReq = send({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      path: urlWithoutSocketToken(edge.url),
      method: 'GET',
      headers,
      agent: false,
      // Until connected this bounds the TCP connect; afterwards, the wait for the handshake answer.
      timeout: options.connectTimeoutMs,
    });
    let connected = false;
    let settled = false;

    const abandon = () => upstreamReq.destroy();
    live.add(abandon);
    client.socket.once('close', abandon);

    upstreamReq.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
        upstreamReq.setTimeout(options.timeoutMs);
      });
    });
    upstreamReq.on('timeout', () => upstreamReq.destroy(Object.assign(new Error('upstream handshake timed out'), { code: 'TIMEOUT' })));

    upstreamReq.on('error', (err) => {
      live.delete(abandon);
      client.socket.removeListener('close', abandon);
      if (settled || client.socket.destroyed) return;
      settled = true;
      if (!connected) {
        options.instances.down(origin);
        // Nothing reached the instance: the handshake is safe to try on the next one.
        if (rest.length > 0) {
          options.log.warn({ traceId: edge.id, upstream: 'notifications', origin, err }, 'websocket upstream unreachable; trying the next');
          attempt(edge, client, rest);
          return;
        }
      }
      const timedOut = (err as NodeJS.ErrnoException).code === 'TIMEOUT';
      const failure: UpstreamFailure = !connected ? 'unavailable' : timedOut ? 'timeout' : 'bad-gateway';
      const { status, code, message } = upstreamErrorResponse('notifications', failure);
      options.log.warn({ traceId: edge.id, upstream: 'notifications', failure, err }, 'websocket upstream failed');
      const body = JSON.stringify(errorBody(message, code));
      client.res.writeHead(
        status,
        addEdgeHeaders(edge, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }),
      );
      client.res.end(body);
    });

    // The service refused the handshake (e.g. 401): pass its answer on as it is.
    upstreamReq.on('response', (res) => {
      live.delete(abandon);
      settled = true;
      const out: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      client.res.writeHead(res.statusCode ?? 502, addEdgeHeaders(edge, out));
      res.on('error', () => client.socket.destroy());
      res.pipe(client.res);
    });

    upstreamReq.on('upgrade', (res, upstreamSocket, upstreamHead) => {
      live.delete(abandon);
      client.socket.removeListener('close', abandon);
      settled = true;
      client.res.detachSocket(client.socket);
      if (client.socket.destroyed) {
        upstreamSocket.destroy();
        return;
      }
      splice(edge, res, client, upstreamSocket, upstreamHead);
    });

    upstreamReq.end();
  }

  function splice(edge: EdgeRequest, res: IncomingMessage, client: PendingUpgrade, upstreamSocket: Socket, upstreamHead: Buffer): void {
    const lines = [`HTTP/1.1 101 ${res.statusMessage || 'Switching Protocols'}`];
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      if (!ECHOED.includes(res.rawHeaders[i]!.toLowerCase())) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
    }
    for (const [name, value] of Object.entries(echoedHeaders(edge))) lines.push(`${name}: ${value}`);
    client.socket.write(`${lines.join('\r\n')}\r\n\r\n`);

    // The HTTP server's idle timeout no longer applies: a quiet socket is a healthy socket here.
    for (const socket of [client.socket, upstreamSocket]) {
      socket.setTimeout(0);
      socket.setNoDelay(true);
    }
    if (upstreamHead.length > 0) client.socket.write(upstreamHead);
    if (client.head.length > 0) upstreamSocket.write(client.head);
    upstreamSocket.pipe(client.socket);
    client.socket.pipe(upstreamSocket);

    const openedAt = Date.now();
    const userId = edge.identity?.userId;
    const close = () => {
      if (!live.delete(close)) return;
      upstreamSocket.destroy();
      client.socket.destroy();
      options.log.info({ traceId: edge.id, ms: Date.now() - openedAt, userId }, 'websocket closed');
    };
    live.add(close);
    for (const socket of [client.socket, upstreamSocket]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    options.log.info({ traceId: edge.id, userId }, 'websocket opened');
  }

  return {
    relay,
    closeAll() {
      for (const close of live) close();
    },
  };
}
