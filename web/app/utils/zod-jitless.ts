/**
 * Zod in the browser runs without its JIT. Zod probes once whether it may compile parsers with
 * `new Function`; the page's CSP (no 'unsafe-eval', gateway/src/security-headers.ts) refuses, and
 * the browser reports the refused probe as a `securitypolicyviolation` even though zod catches it
 * and falls back. A clean page reports nothing, so a report always means something was injected
 * (tests/browser/hostile-content.test.ts). A function called by root.tsx, not an import for its
 * side effect: the web package is `sideEffects: false`, so the bundler would drop a bare import.
 * On the server nothing changes: the services share zod and keep the JIT.
 */
import { config } from 'zod';

export function jitlessZodInBrowser(): void {
  if (typeof document !== 'undefined') config({ jitless: true });
}
