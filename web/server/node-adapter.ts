/**
 * Converts between Node's http objects and the Fetch API objects Remix works with (the same job
 * @remix-run/express does, without Express).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@remix-run/node';

function firstHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.split(',')[0]?.trim() || undefined;
}

/**
 * The public URL of the request. The web app only ever runs behind the gateway, which is the
 * one public origin, so its X-Forwarded-Proto/Host are trusted.
 */
export function requestUrl(req: IncomingMessage): URL {
  const proto = firstHeader(req.headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  const host = firstHeader(req.headers['x-forwarded-host']) ?? req.headers.host ?? 'localhost';
  return new URL(req.url ?? '/', `${proto}://${host}`);
}

export function toFetchRequest(req: IncomingMessage, res: ServerResponse): Request {
  const url = requestUrl(req);

  // Aborts loaders and streaming when the client goes away before the response is complete.
  const controller = new AbortController();
  let finished = false;
  res.on('finish', () => {
    finished = true;
  });
  res.on('close', () => {
    if (!finished) controller.abort();
  });

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }

  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half'; // required by Node's fetch for streamed bodies
  }
  return new Request(url, init);
}

export async function sendFetchResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue; // handled below: Headers would merge them into one line
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);

  if (response.body && method !== 'HEAD') {
    await writeReadableStreamToWritable(response.body, res);
  } else {
    res.end();
  }
}
