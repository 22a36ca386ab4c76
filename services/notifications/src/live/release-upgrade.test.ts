import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { releaseUpgrade } from './release-upgrade.js';

describe('releaseUpgrade', () => {
  const app = Fastify();
  afterAll(() => app.close());

  it("leaves an open socket holding neither the library's error listener nor the upgrade's response", async () => {
    const shared = function (this: WebSocket) {
      this.terminate();
    };
    let seen: { listeners: unknown[]; response: unknown } | undefined;
    await app.register(websocket);
    app.get('/ws', { websocket: true }, (socket, request) => {
      const tcp = request.raw.socket as Socket & { _httpMessage?: unknown };
      expect(tcp._httpMessage).toBeTruthy(); // what the library leaves: the response, for the socket's life
      expect(socket.listeners('error')).toHaveLength(1);
      releaseUpgrade(socket, request.raw, shared);
      seen = { listeners: socket.listeners('error'), response: tcp._httpMessage };
      socket.close();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const client = new WebSocket(`ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws`);
    await new Promise((resolve) => client.once('close', resolve));
    expect(seen).toEqual({ listeners: [shared], response: null });
  });
});
