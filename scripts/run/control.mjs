// A tiny loopback-only control endpoint the test harness opens next to a running product, so
// outage tests can stop a service and start it again while the rest keeps running:
//   POST /stop/<name>   POST /start/<name>
// Tests find it through KORA_CONTROL_URL. It is never part of the product itself.
import http from 'node:http';

export async function serveControl(product) {
  const server = http.createServer(async (req, res) => {
    const match = /^\/(stop|start)\/([a-z0-9-]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    try {
      if (match[1] === 'stop') await product.stopProcess(match[2]);
      else await product.startProcess(match[2]);
      res.writeHead(204).end();
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err?.message ?? err));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
