/** What the Node server (web/server/app.ts) passes to loaders, actions and entry.server. */
export interface KoraLoadContext {
  /** Per-request CSP nonce from the gateway's `x-csp-nonce` header ('' when absent). */
  cspNonce: string;
}

export const CSP_NONCE_HEADER = 'x-csp-nonce';

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation merges only into an interface
  interface AppLoadContext extends KoraLoadContext {}
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation merges only into an interface
  interface AppLoadContext extends KoraLoadContext {}
}

/** Nonces are base64 tokens; anything else is dropped rather than echoed into the HTML. */
export function sanitizeNonce(value: string | null | undefined): string {
  return value && /^[A-Za-z0-9+/_=-]{8,128}$/.test(value) ? value : '';
}
