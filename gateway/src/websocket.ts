/**
 * `/ws`: the live notification socket, proxied to the notifications service.
 *
 * Node hands WebSocket handshakes to the server's 'upgrade' event, outside Fastify. They are fed
 * back into Fastify's router (as @fastify/websocket does) so the same hooks run as for any request:
 * request id, rate limit, the identity strip, token check and cross-site check. The `/ws` route then
 * opens its own handshake to the service with node:http, forwarding the gateway-signed identity and
 * the request id, relays the service's answer, and after a 101 pipes the two sockets together. The
 * gateway never parses frames; keep-alive pings are the service's business.
 *
 * A plain (non-upgrade) request to `/ws` answers 426 Upgrade Required.
 */
import { errorBody } from '@kora/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as httpRequest, ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { GatewayEnv } from './config.js';
import { isWebSocketHandshake } from './csrf.js';
import { GatewayErrorCode, sendError, upstreamErrorResponse, type UpstreamFailure } from './errors.js';
import { AUTH_STATE_HEADER } from './auth.js';
import { WEBSOCKET_PATH } from './paths.js';
import { HOP_BY_HOP, upstreamRequestHeaders } from './proxy.js';
import { REQUEST_ID_HEADER } from './request-id.js';

interface PendingUpgrade {
  socket: Socket;
  head: Buffer;
}

export interface WebSocketProxyOptions {
  env: GatewayEnv;
  /** Base URL of the notifications service. */
  upstream: string;
}

export interface WebSocketProxy {
  /** True for a request that arrived as an HTTP upgrade (whatever its path). */
  isUpgrade(request: FastifyRequest): boolean;
}

// Headers of the gateway's own that the client should see on the handshake answer too.
const ECHOED = [REQUEST_ID_HEADER, AUTH_STATE_HEADER];

export function installWebSocketProxy(app: FastifyInstance, options: WebSocketProxyOptions): WebSocketProxy {
  const target = new URL(options.upstream);
  const pending = new WeakMap<IncomingMessage, PendingUpgrade>();
  // Upgraded sockets leave Node's HTTP bookkeeping, so `server.close()` would wait for them forever.
  const live = new Set<() => void>();

  app.server.on('upgrade', (req: IncomingMessage, rawSocket: Duplex, head: Buffer) => {
    const socket = rawSocket as Socket;
    socket.on('error', () => socket.destroy());
    pending.set(req, { socket, head });
    const res = new ServerResponse(req);
    res.assignSocket(socket);
    app.routing(req, res);
  });

  // A handshake answered over HTTP (refused, rate limited, upstream down...) ends its connection.
  app.addHook('onResponse', (request, _reply, done) => {
    const upgrade = pending.get(request.raw);
    if (upgrade) {
      pending.delete(request.raw);
      upgrade.socket.end();
    }
    done();
  });

  app.addHook('preClose', (done) => {
    for (const close of live) close();
    done();
  });

  app.route({
    method: app.supportedMethods,
    url: WEBSOCKET_PATH,
    handler(request, reply) {
      const upgrade = pending.get(request.raw);
      if (!upgrade || request.method !== 'GET' || !isWebSocketHandshake(request)) {
        reply.header('upgrade', 'websocket');
        return sendError(reply, 426, 'This address only accepts WebSocket connections', GatewayErrorCode.UpgradeRequired);
      }
      reply.hijack();
      relayHandshake(request, reply, upgrade);
      return reply;
    },
  });

  function relayHandshake(request: FastifyRequest, reply: FastifyReply, client: PendingUpgrade): void {
    // Hop-by-hop headers are left out by upstreamRequestHeaders; the upgrade's own are set here.
    const headers: OutgoingHttpHeaders = upstreamRequestHeaders(request, request.raw.headers, 'notifications');
    headers.host = target.host;
    headers.connection = 'Upgrade';
    headers.upgrade = 'websocket';

    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const upstreamReq = send({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      path: request.url,
      method: 'GET',
      headers,
      agent: false,
      // Until connected this bounds the TCP connect; afterwards, the wait for the handshake answer.
      timeout: options.env.UPSTREAM_CONNECT_TIMEOUT_MS,
    });
    let connected = false;
    let settled = false;

    const abandon = () => upstreamReq.destroy();
    live.add(abandon);
    client.socket.once('close', abandon);

    upstreamReq.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
        upstreamReq.setTimeout(options.env.UPSTREAM_TIMEOUT_MS);
      });
    });
    upstreamReq.on('timeout', () => upstreamReq.destroy(Object.assign(new Error('upstream handshake timed out'), { code: 'TIMEOUT' })));

    upstreamReq.on('error', (err) => {
      live.delete(abandon);
      if (settled || client.socket.destroyed) return;
      settled = true;
      const timedOut = (err as NodeJS.ErrnoException).code === 'TIMEOUT';
      const failure: UpstreamFailure = !connected ? 'unavailable' : timedOut ? 'timeout' : 'bad-gateway';
      const { status, code, message } = upstreamErrorResponse('notifications', failure);
      request.log.warn({ upstream: 'notifications', failure, err }, 'websocket upstream failed');
      const body = JSON.stringify(errorBody(status, message, code));
      answerOverHttp(reply, status, { 'content-type': 'application/json; charset=utf-8' }, body);
    });

    // The service refused the handshake (e.g. 401): pass its answer on as it is.
    upstreamReq.on('response', (res) => {
      live.delete(abandon);
      settled = true;
      const out: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      reply.raw.writeHead(res.statusCode ?? 502, { ...out, ...echoedHeaders(reply) });
      res.on('error', () => client.socket.destroy());
      res.pipe(reply.raw);
    });

    upstreamReq.on('upgrade', (res, upstreamSocket, upstreamHead) => {
      live.delete(abandon);
      client.socket.removeListener('close', abandon);
      settled = true;
      pending.delete(request.raw);
      reply.raw.detachSocket(client.socket);
      if (client.socket.destroyed) {
        upstreamSocket.destroy();
        return;
      }
      splice(request, reply, res, client, upstreamSocket, upstreamHead);
    });

    upstreamReq.end();
  }

  function echoedHeaders(reply: FastifyReply): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of ECHOED) {
      const value = reply.getHeader(name);
      if (value !== undefined) out[name] = String(value);
    }
    return out;
  }

  function answerOverHttp(reply: FastifyReply, status: number, headers: OutgoingHttpHeaders, body: string): void {
    reply.raw.writeHead(status, { ...headers, ...echoedHeaders(reply), 'content-length': Buffer.byteLength(body) });
    reply.raw.end(body);
  }

  function splice(
    request: FastifyRequest,
    reply: FastifyReply,
    res: IncomingMessage,
    client: PendingUpgrade,
    upstreamSocket: Socket,
    upstreamHead: Buffer,
  ): void {
    const lines = [`HTTP/1.1 101 ${res.statusMessage || 'Switching Protocols'}`];
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      if (!ECHOED.includes(res.rawHeaders[i]!.toLowerCase())) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
    }
    for (const [name, value] of Object.entries(echoedHeaders(reply))) lines.push(`${name}: ${value}`);
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
    const close = () => {
      if (!live.delete(close)) return;
      upstreamSocket.destroy();
      client.socket.destroy();
      request.log.info({ ms: Date.now() - openedAt, userId: request.edgeIdentity?.userId }, 'websocket closed');
    };
    live.add(close);
    for (const socket of [client.socket, upstreamSocket]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    request.log.info({ userId: request.edgeIdentity?.userId }, 'websocket opened');
  }

  return { isUpgrade: (request) => pending.has(request.raw) };
}
