/**
 * Lets go of a socket's upgrade request once the socket is open. @fastify/websocket keeps the
 * upgrade's Fastify request and reply (and the raw request and response under them) alive as long
 * as the socket lives: its 'error' listener closes over them, and the raw TCP socket still points
 * at the response it was assigned to (`_httpMessage`). On an instance holding tens of thousands of
 * sockets that is most of the heap they cost: in Fastify with @fastify/websocket alone, 3,000 held
 * sockets took 6.3 KB of heap each, 3.2 KB after this (docs/reliability.md, Sockets at scale).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** `onError` replaces the library's listener: one function for every socket (it gets the socket as `this`). */
export function releaseUpgrade(socket: WebSocket, raw: IncomingMessage, onError: (this: WebSocket, err: Error) => void): void {
  socket.removeAllListeners('error');
  socket.on('error', onError);
  const tcp = raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}
