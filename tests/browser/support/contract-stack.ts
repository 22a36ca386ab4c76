/**
 * A local stack for the accounts browser suite while the real auth and media services are being
 * built: the REAL gateway (in process, memory store) in front of the REAL web app (web/build) and
 * the contract fake of the accounts API (fake-accounts.ts), which also answers the mail-sink API.
 * Other services point at a closed port (their calls fail, e.g. Add Friend → "Failed to send
 * request", as they would before those services exist).
 *
 *   npm run build -w @kora/web
 *   npx tsx tests/browser/support/contract-stack.ts        # prints KORA_BASE_URL and KORA_MAIL_SINK_URL
 *   KORA_BASE_URL=… KORA_MAIL_SINK_URL=… npx vitest run --config tests/browser/vitest.config.ts accounts
 *
 * FAKE_ACCESS_TTL=5 makes access tokens expire after 5 s, to watch the web app refresh them.
 * Once the real services land, the lead's harness replaces all of this.
 */
import { serviceNames } from '@kora/contracts';
import type { AddressInfo } from 'node:net';
import { startTestGateway, TEST_ACCESS_TOKEN_SECRET, TEST_INTERNAL_SECRET } from '../../../gateway/src/test-support.js';
import { createWebServer } from '../../../web/server/app.js';
import { startFakeAccounts } from './fake-accounts.js';

const CLOSED = 'http://127.0.0.1:9';

export async function startContractStack(port = Number(process.env.PORT ?? 0)) {
  const accounts = await startFakeAccounts({
    internalSecret: TEST_INTERNAL_SECRET,
    accessTokenSecret: TEST_ACCESS_TOKEN_SECRET,
    accessTtlSeconds: Number(process.env.FAKE_ACCESS_TTL ?? 900),
  });

  let gatewayUrl = CLOSED;
  const web = await createWebServer({
    env: () => ({ GATEWAY_URL: gatewayUrl, INTERNAL_SECRET: TEST_INTERNAL_SECRET }),
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;

  const upstreams = Object.fromEntries(serviceNames.map((name) => [name, CLOSED])) as Record<string, string>;
  upstreams.auth = accounts.url;
  upstreams.media = accounts.url;
  upstreams.web = webUrl;

  const gateway = await startTestGateway(upstreams as never, {
    // Each browser test context has its own client address (see support/browser.ts); this only
    // keeps a developer's repeated local runs from tripping the sign-in limit.
    AUTH_RATE_LIMIT_PER_MINUTE: process.env.AUTH_RATE_LIMIT_PER_MINUTE ?? '20',
    ...(port ? { PORT: String(port) } : {}),
  });
  gatewayUrl = gateway.url;
  accounts.setPublicUrl(gateway.url);
  accounts.setStore(gateway.store);

  return {
    baseUrl: gateway.url,
    mailSinkUrl: accounts.url,
    async close() {
      await gateway.close();
      await new Promise<void>((resolve) => web.close(() => resolve()));
      await accounts.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stack = await startContractStack();
  console.log(`KORA_BASE_URL=${stack.baseUrl}`);
  console.log(`KORA_MAIL_SINK_URL=${stack.mailSinkUrl}`);
  const stop = () => void stack.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
