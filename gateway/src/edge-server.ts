/**
 * What the gateway does with every request it receives, on Node's own request and upgrade events:
 *   1. the request becomes an EdgeRequest (its id, its client through trusted proxies), and its
 *      log line is promised for when its answer is complete (access-log.ts);
 *   2. while the gateway shuts down, 503 and the connection closes;
 *   3. CORS: an allowed preflight is answered here (cors.ts);
 *   4. the edge checks: cross-site, rate limits, token, switched-off features (edge-checks.ts);
 *   5. then its handler: the gateway's own routes (health, docs) go to Fastify, `/ws` to the
 *      WebSocket relay, and everything else to the proxy (proxy.ts).
 * Every answer, whoever writes it, carries the edge's headers (answer.ts).
 *
 * One pipeline for every request, written on node:http rather than as Fastify hooks: proxying is
 * nearly all the gateway does, and Fastify's request and reply objects, hooks and per-request child
 * loggers were a measured share of its time under load (docs/performance.md, decision 014). For the
 * same reason the common path makes no closures: each is an allocation per request (and, run
 * through tsx, a name assignment).
 */
import { apiErrorTexts, ErrorCode } from '@kora/contracts';
import type { AccessLog, Logger } from '@kora/platform';
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { accessLogger } from './access-log.js';
import { sendPreflight, sendRefusal } from './answer.js';
import type { ClientAddress } from './client-address.js';
import { applyCors } from './cors.js';
import { isWebSocketHandshake } from './csrf.js';
import type { EdgeChecks, Verdict } from './edge-checks.js';
import { EdgeRequest } from './edge-request.js';
import { spanEnder } from './edge-trace.js';
import { GatewayErrorCode, SHUTTING_DOWN, type Refusal } from './errors.js';
import type { OriginPolicy } from './origins.js';
import { isGatewayOwnPath, WEBSOCKET_PATH } from './paths.js';
import type { Proxy } from './proxy.js';
import type { PendingUpgrade, WebSocketProxy } from './websocket.js';

export interface EdgeServerOptions {
  address: ClientAddress;
  originPolicy: OriginPolicy;
  checks: EdgeChecks;
  proxy: Proxy;
  websocket: WebSocketProxy;
  /** Fastify's handler, for the gateway's own routes (`isGatewayOwnPath`). */
  ownRoutes(req: IncomingMessage, res: ServerResponse): void;
  log: Logger;
  /** Where each request's line goes (createAccessLog). */
  accessLog: AccessLog;
  /** Times each request once answered, for the metrics (request-metrics.ts). */
  measure?: (edge: EdgeRequest, res: ServerResponse) => void;
  /** Where stored media may be fetched from besides this origin (MEDIA_ORIGINS). */
  mediaOrigins?: readonly string[];
}

export interface EdgeServer {
  onRequest: (req: IncomingMessage, res: ServerResponse) => void;
  onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** From now on, every new request is answered 503 and its connection closed. */
  startClosing(): void;
}

const UPGRADE_REQUIRED: Refusal = {
  status: 426,
  get message() {
    return apiErrorTexts.webSocketOnly;
  },
  code: GatewayErrorCode.UpgradeRequired,
};
const UNEXPECTED: Refusal = {
  status: 500,
  get message() {
    return apiErrorTexts.somethingWentWrong;
  },
  code: ErrorCode.Internal,
};

export function createEdgeServer(options: EdgeServerOptions): EdgeServer {
  const { address, originPolicy, checks, proxy, websocket, log, measure } = options;
  const mediaSources = (options.mediaOrigins ?? []).map((origin) => ` ${origin}`).join('');
  const logWhenAnswered = accessLogger(options.accessLog);
  const endSpanWhenAnswered = spanEnder();
  let closing = false;

  /** A bug must cost one request its answer, never the process (and every other request). */
  function unexpected(edge: EdgeRequest, res: ServerResponse, err: unknown): void {
    log.error({ traceId: edge.id, err }, 'unexpected error at the edge');
    sendRefusal(res, edge, UNEXPECTED);
  }

  /** A checked request goes to its handler. */
  function route(edge: EdgeRequest, req: IncomingMessage, res: ServerResponse): void {
    if (isGatewayOwnPath(edge.path)) {
      edge.attach();
      options.ownRoutes(req, res);
    } else if (edge.path === WEBSOCKET_PATH) sendRefusal(res, edge, UPGRADE_REQUIRED, { upgrade: 'websocket' });
    else proxy.handle(edge, req, res);
  }

  function afterChecks(edge: EdgeRequest, req: IncomingMessage, res: ServerResponse, verdict: Verdict): void {
    try {
      if (verdict === null) route(edge, req, res);
      else sendRefusal(res, edge, verdict);
    } catch (err) {
      unexpected(edge, res, err);
    }
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const edge = new EdgeRequest(req, address, mediaSources);
    logWhenAnswered(edge, res);
    measure?.(edge, res);
    if (edge.span) endSpanWhenAnswered(edge, res);
    try {
      if (closing) return sendRefusal(res, edge, SHUTTING_DOWN, { connection: 'close' });
      if (applyCors(edge, originPolicy)) return sendPreflight(res, edge);
      const verdict = checks.check(edge);
      if (!(verdict instanceof Promise)) return afterChecks(edge, req, res, verdict);
      verdict.then(
        (decided) => afterChecks(edge, req, res, decided),
        (err: unknown) => unexpected(edge, res, err),
      );
    } catch (err) {
      unexpected(edge, res, err);
    }
  }

  function relayUpgrade(edge: EdgeRequest, upgrade: PendingUpgrade, verdict: Verdict): void {
    const { res } = upgrade;
    try {
      if (verdict !== null) sendRefusal(res, edge, verdict);
      // No other WebSocket exists than /ws.
      else if (edge.path !== WEBSOCKET_PATH)
        sendRefusal(res, edge, {
          status: 404,
          get message() {
            return apiErrorTexts.noWebSocketEndpoint(edge.path);
          },
          code: ErrorCode.NotFound,
        });
      else if (edge.method !== 'GET' || !isWebSocketHandshake(edge)) sendRefusal(res, edge, UPGRADE_REQUIRED, { upgrade: 'websocket' });
      else websocket.relay(edge, upgrade);
    } catch (err) {
      unexpected(edge, res, err);
    }
  }

  function onUpgrade(req: IncomingMessage, duplex: Duplex, head: Buffer): void {
    const socket = duplex as Socket;
    socket.on('error', () => socket.destroy());
    // Answers that refuse the handshake are plain HTTP on the same socket, which then closes.
    const res = new ServerResponse(req);
    res.assignSocket(socket);
    res.once('finish', () => socket.end());
    const edge = new EdgeRequest(req, address, mediaSources);
    logWhenAnswered(edge, res);
    if (edge.span) endSpanWhenAnswered(edge, res);
    const upgrade: PendingUpgrade = { socket, head, res };
    try {
      if (closing) return sendRefusal(res, edge, SHUTTING_DOWN);
      const verdict = checks.check(edge);
      if (!(verdict instanceof Promise)) return relayUpgrade(edge, upgrade, verdict);
      verdict.then(
        (decided) => relayUpgrade(edge, upgrade, decided),
        (err: unknown) => unexpected(edge, res, err),
      );
    } catch (err) {
      unexpected(edge, res, err);
    }
  }

  return {
    onRequest,
    onUpgrade,
    startClosing() {
      closing = true;
    },
  };
}
