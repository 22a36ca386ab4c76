// A stand-in for the browsers' push services (FCM, Mozilla's autopush), for the test product:
// the notifications service posts each push, encrypted and VAPID-signed, to a subscription's
// endpoint under /push/, and the sink keeps it and answers 201 Created as a push service does.
// Tests make the browser's subscription point here and read the pushes back through its API:
//   GET /requests?path=/push/<id>  ->  [{ path, headers, body (base64), receivedAt }] oldest first
// Loopback only; nothing is forwarded anywhere. The product takes this one origin's endpoints
// through NOTIFICATIONS_PUSH_TEST_ORIGIN, so its endpoint rule stays on for every other address.
import http from 'node:http';
import { listenOnLoopback } from './proc.mjs';

export async function startPushSink() {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink');
    if (req.method === 'GET' && url.pathname === '/requests') {
      const path = url.searchParams.get('path');
      const list = path ? requests.filter((r) => r.path === path) : requests;
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    }
    if (req.method !== 'POST' || !url.pathname.startsWith('/push/')) return res.writeHead(404).end();
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('base64'),
        receivedAt: new Date().toISOString(),
      });
      res.writeHead(201).end();
    });
  });
  const { url: origin, close } = await listenOnLoopback(server);
  return { origin, requests, close };
}
