/**
 * Zod in the browser runs without its JIT. Zod probes once whether it may compile parsers with
 * `new Function`; the page's CSP (no 'unsafe-eval', gateway/src/security-headers.ts) refuses, and
 * the browser reports the refused probe as a `securitypolicyviolation` even though zod catches it
 * and falls back. A clean page reports nothing, so a report always means something was injected
 * (tests/browser/hostile-content.test.ts). Imported first by root.tsx, before any schema is built;
 * `.client` keeps it out of the server, where the services share zod and keep the JIT.
 */
import { config } from 'zod';

config({ jitless: true });
