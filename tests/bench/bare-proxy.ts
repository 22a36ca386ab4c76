// The floor of what a Node reverse proxy costs: a plain HTTP server handing every request to an
// undici pool and the answer back, with no logic at all (no auth, no logging, no headers of its
// own). The bench runs it as its own process, as the gateway runs (through tsx, like the gateway),
// in front of the same route.
//   node --import tsx tests/bench/bare-proxy.ts <upstream origin> <port>
import http from 'node:http';
import { createRequire } from 'node:module';

// The gateway's own undici (the gateway's package may pin another major than the tests' package):
// a floor is only a floor when it stands on the same library. Typed by the tests' undici: the
// little used here (Pool, request) is the same in both majors.
const { Pool } = createRequire(new URL('../../gateway/package.json', import.meta.url))('undici') as typeof import('undici');

const [upstream, port] = process.argv.slice(2);
if (!upstream || !port) throw new Error('usage: bare-proxy.ts <upstream origin> <port>');
const pool = new Pool(upstream, { connections: 128, pipelining: 1 });
// undici refuses hop-by-hop request headers; they describe the client's connection anyway.
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'];

async function relay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const headers = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  try {
    const answer = await pool.request({
      method: (req.method ?? 'GET') as 'GET',
      path: req.url ?? '/',
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? null : req,
    });
    const out = { ...answer.headers };
    for (const name of HOP_BY_HOP) delete out[name];
    res.writeHead(answer.statusCode, out);
    answer.body.pipe(res);
  } catch {
    res.writeHead(502).end();
  }
}

http.createServer((req, res) => void relay(req, res)).listen(Number(port), '127.0.0.1', () => process.send?.('listening'));

// Exit cleanly on SIGINT/SIGTERM, so a CPU profile (--cpu-prof) is written.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));
