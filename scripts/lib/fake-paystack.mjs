// A fake Paystack for tests (never the real one): a real HTTP server on 127.0.0.1 that implements
// what Kora calls, as Paystack documents it (https://paystack.com/docs/api/transaction/):
//   POST /transaction/initialize  { email, amount (kobo), reference, callback_url, metadata }
//   GET  /transaction/verify/:reference
// both behind `Authorization: Bearer <secret key>`, answering `{ status, message, data }`.
// A transaction starts `abandoned` (Paystack's word for "not paid yet") until a test pays it.
//
// Tests steer it in process (the object below) or over HTTP (tests in another process:
// KORA_FAKE_PAYSTACK_URL), under /_control:
//   POST /_control/transactions/:reference { status, amount?, currency?, gateway_response? }  set its state
//   GET  /_control/transactions/:reference                                                   read it
//   POST /_control/fail { count, mode: '500' | 'hang' }   the next `count` API calls fail that way
//   GET  /_control/calls                                  the API calls received, oldest first
//   POST /_control/webhook { url, event?, reference, amount?, currency?, sign?: 'key' | 'other' | 'none' }
//        sends a webhook to `url` signed (HMAC-SHA512 of the body) as Paystack would; answers its status
// Plain JavaScript: scripts/test.mjs starts one for the embedded product, and TypeScript tests import it.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

export const FAKE_PAYSTACK_KEY = 'sk_test_kora_fake_paystack_key';

/** The hex HMAC-SHA512 of `body` with `secret`: Paystack's `x-paystack-signature`. */
export function paystackSignature(secret, body) {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** Sends `payload` to `url` as Paystack's webhook, signed with `secret` (or `signature` when given). */
export async function sendWebhook(url, payload, { secret, signature } = {}) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers = { 'content-type': 'application/json' };
  const sig = signature ?? (secret ? paystackSignature(secret, body) : undefined);
  if (sig !== undefined) headers['x-paystack-signature'] = sig;
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
}

/** A `charge.success` event for `reference`, as Paystack sends it. */
export function chargeSuccess(reference, { amount = 0, currency = 'NGN' } = {}) {
  return {
    event: 'charge.success',
    data: {
      id: Math.floor(Math.random() * 1e9),
      reference,
      amount,
      currency,
      status: 'success',
      paid_at: new Date().toISOString(),
      gateway_response: 'Successful',
    },
  };
}

export async function startFakePaystack({ secretKey = FAKE_PAYSTACK_KEY } = {}) {
  /** reference -> { reference, email, amount, currency, status, paid_at, gateway_response, metadata } */
  const transactions = new Map();
  const calls = [];
  const failures = { count: 0, mode: '500' };
  const hanging = new Set();
  let nextId = 1;

  const send = (res, status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const readBody = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve(text ? JSON.parse(text) : {});
        } catch {
          resolve(undefined);
        }
      });
    });

  const fake = {
    secretKey,
    url: '',
    calls,
    transactions,
    /** Sets (or makes) a transaction's state: what verify will answer. */
    setTransaction(reference, { status = 'success', amount, currency, gateway_response } = {}) {
      const t = transactions.get(reference) ?? { reference, email: 'unknown@example.ng', amount: 0, currency: 'NGN', metadata: {} };
      Object.assign(t, {
        status,
        ...(amount !== undefined ? { amount } : {}),
        ...(currency !== undefined ? { currency } : {}),
        gateway_response:
          gateway_response ??
          (status === 'success' ? 'Successful' : status === 'failed' ? 'Declined' : 'The transaction was not completed'),
        paid_at: status === 'success' ? new Date().toISOString() : null,
      });
      transactions.set(reference, t);
      return t;
    },
    /** The next `count` API calls answer 500, or never answer ('hang'). */
    failNext(count, mode = '500') {
      failures.count = count;
      failures.mode = mode;
    },
    apiCalls(path) {
      return calls.filter((c) => !path || c.path.startsWith(path));
    },
    /** Sends a signed webhook to `url` (sign: 'key' the real key, 'other' a wrong key, 'none' no header). */
    webhook(url, payload, sign = 'key') {
      if (sign === 'none') return sendWebhook(url, payload);
      return sendWebhook(url, payload, { secret: sign === 'key' ? secretKey : `${secretKey}-wrong` });
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.socket?.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };

  async function control(req, res, path) {
    const txMatch = /^\/_control\/transactions\/([^/]+)$/.exec(path);
    if (txMatch && req.method === 'POST')
      return send(res, 200, fake.setTransaction(decodeURIComponent(txMatch[1]), (await readBody(req)) ?? {}));
    if (txMatch && req.method === 'GET') {
      const t = transactions.get(decodeURIComponent(txMatch[1]));
      return t ? send(res, 200, t) : send(res, 404, { message: 'no such transaction' });
    }
    if (path === '/_control/fail' && req.method === 'POST') {
      const { count = 1, mode = '500' } = (await readBody(req)) ?? {};
      fake.failNext(count, mode);
      return send(res, 200, { count, mode });
    }
    if (path === '/_control/calls' && req.method === 'GET') return send(res, 200, calls);
    if (path === '/_control/webhook' && req.method === 'POST') {
      const { url, event = 'charge.success', reference, amount = 0, currency = 'NGN', sign = 'key', payload } = (await readBody(req)) ?? {};
      const body =
        payload ?? (event === 'charge.success' ? chargeSuccess(reference, { amount, currency }) : { event, data: { reference } });
      return send(res, 200, await fake.webhook(url, body, sign));
    }
    return send(res, 404, { message: 'unknown control call' });
  }

  async function api(req, res, path) {
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    calls.push({
      method: req.method,
      path,
      authorization: req.headers.authorization ?? null,
      body: body ?? null,
      at: new Date().toISOString(),
    });
    if (failures.count > 0) {
      failures.count--;
      if (failures.mode === 'hang') {
        hanging.add(res);
        return;
      }
      return send(res, 500, { status: false, message: 'Internal server error' });
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, { status: false, message: 'Invalid key' });

    if (req.method === 'POST' && path === '/transaction/initialize') {
      if (!body || typeof body.email !== 'string' || !/^\d+$/.test(String(body.amount ?? '')))
        return send(res, 400, { status: false, message: 'Invalid parameters' });
      const reference = body.reference ?? randomBytes(6).toString('hex');
      if (transactions.has(reference)) return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = randomBytes(6).toString('hex');
      transactions.set(reference, {
        id: nextId++,
        reference,
        email: body.email,
        amount: Number(body.amount),
        currency: body.currency ?? 'NGN',
        status: 'abandoned',
        gateway_response: 'The transaction was not completed',
        paid_at: null,
        callback_url: body.callback_url ?? null,
        metadata: body.metadata ?? {},
      });
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference },
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]));
      if (!t) return send(res, 400, { status: false, message: 'Transaction reference not found' });
      return send(res, 200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: t.id ?? 0,
          status: t.status,
          reference: t.reference,
          amount: t.amount,
          currency: t.currency,
          paid_at: t.paid_at,
          gateway_response: t.gateway_response,
          customer: { email: t.email },
          metadata: t.metadata,
        },
      });
    }
    return send(res, 404, { status: false, message: 'Not found' });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const handle = path.startsWith('/_control/') ? control(req, res, path) : api(req, res, path);
    handle.catch((err) => send(res, 500, { status: false, message: String(err) }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${server.address().port}`;
  return fake;
}
