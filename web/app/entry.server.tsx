/**
 * Server rendering. Streams HTML to browsers as soon as the shell is ready, waits for everything
 * for bots, and stamps the gateway's per-request CSP nonce on every script React or Remix emits.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { CSP_NONCE_HEADER, sanitizeNonce } from './load-context';
import { DATA_SAVER_CLIENT_HINTS } from './utils/data-saver.server';
import { NonceProvider } from './utils/nonce-provider';

// Reached by server/app.ts through `build.entry.module`: the host configures and validates the
// env of this very bundle (it has its own copy of env.server) before serving.
export { configureServerEnv, getServerEnv } from './utils/env.server';
// The host runs each request inside its page preferences (decision 045): texts and dates read them.
export { withPagePreferences } from './utils/page-preferences.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Node server puts the nonce in the load context; `remix vite:dev` has no such server,
  // so fall back to the header the gateway sends.
  const nonce = loadContext?.cspNonce || sanitizeNonce(request.headers.get(CSP_NONCE_HEADER));
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // Pages are personal (who is signed in); no cache may keep them, nor show them after logout.
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-store');
          // Asks for the connection hint data saver's `auto` reads on the next pages (decision 044).
          responseHeaders.set('Accept-CH', DATA_SAVER_CLIENT_HINTS);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: failed ? 500 : responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          failed = true;
          // Errors before the shell is ready reject above; later ones would otherwise be silent.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // A client that navigated away aborts its request; that is not an application error.
  if (request.signal.aborted) return;
  console.error(error);
}
