/** WebSocket helpers for tests of the live socket (the gateway's proxy, the notifications service). */
import WebSocket from 'ws';

/** The HTTP answer to a handshake the server refused (status and body); fails if it was accepted. */
export function refusedHandshake(url: string, options: WebSocket.ClientOptions = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('open', () => reject(new Error('handshake unexpectedly accepted')));
    ws.once('error', () => {});
  });
}
