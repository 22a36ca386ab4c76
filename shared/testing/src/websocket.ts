/** WebSocket helpers for tests of the live socket (the gateway's proxy, the notifications service). */
import { socketMessage, type Notification, type SocketMessage } from '@kora/contracts';
import WebSocket from 'ws';

/** The HTTP answer to a handshake the server refused (status and body); fails if it was accepted. */
export function refusedHandshake(url: string, options: WebSocket.ClientOptions = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('open', () => reject(new Error('handshake unexpectedly accepted')));
    ws.once('error', () => {});
  });
}

/** The `ws://` (or `wss://`) URL of `path` on the server at `httpUrl` (`http://host:port`). */
export const wsUrl = (httpUrl: string, path = '/ws'): string => `${httpUrl.replace(/^http/, 'ws')}${path}`;

export interface LiveSocket {
  ws: WebSocket;
  /** Every message received, in order ('ready' first). */
  messages: SocketMessage[];
  /** The notifications pushed so far. */
  pushed(): Notification[];
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
}

export interface OpenSocketOptions extends Omit<WebSocket.ClientOptions, 'headers'> {
  /** Called with each message as soon as it is parsed, before it is recorded (e.g. to time it). */
  onMessage?: (message: SocketMessage) => void;
  /** Subprotocols to offer (`Sec-WebSocket-Protocol`). */
  protocols?: string[];
}

/**
 * Opens a live notifications socket with `headers` (a gateway-signed identity, or a bearer token
 * through the gateway); resolves after 'ready'. Every message must match the socket contract.
 */
export function openSocket(url: string, headers: Record<string, string>, options: OpenSocketOptions = {}): Promise<LiveSocket> {
  const { onMessage, protocols = [], ...clientOptions } = options;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { ...clientOptions, headers });
    const messages: SocketMessage[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.once('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    const live: LiveSocket = {
      ws,
      messages,
      pushed: () => messages.flatMap((m) => (m.type === 'notification:new' ? [m.notification] : [])),
      closed,
    };
    ws.on('message', (data) => {
      const message = socketMessage.parse(JSON.parse((data as Buffer).toString('utf8')));
      onMessage?.(message);
      messages.push(message);
      if (message.type === 'ready') resolve(live);
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
