// A local SMTP server that keeps every message it receives, for tests: the product sends real
// mail over SMTP (SMTP_URL) and tests read it back through a small HTTP API:
//   GET /messages[?to=address]  ->  [{ to, from, subject, text, receivedAt }] newest first
// Loopback only; nothing is relayed anywhere.
import http from 'node:http';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { listenOnLoopback } from './proc.mjs';

export async function startMailSink() {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          messages.unshift({
            to,
            from: parsed.from?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          });
          callback();
        } catch (err) {
          callback(err);
        }
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink');
    if (url.pathname !== '/messages') return res.writeHead(404).end();
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list.map((m) => ({ ...m, to: m.to.join(', ') }))));
  });
  const apiServer = await listenOnLoopback(api);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    apiUrl: apiServer.url,
    messages,
    async close() {
      await new Promise((resolve) => smtp.close(resolve));
      await apiServer.close();
    },
  };
}
