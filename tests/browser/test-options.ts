// The browser projects' options (vitest.config.ts here and at the root): real Chromium against the
// product at BASE_URL.
import { fileURLToPath } from 'node:url';

export const browserTestOptions = {
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Hang guards, not speed limits: on a starved CI machine (about one core's worth for the whole
  // distributed product, Chromium and the tests) the browser stage runs several times slower than on
  // two free cores, and a test of a dozen page loads can pass a minute.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // Files share the worker's modules: the support modules hold nothing a file could leave behind.
  isolate: false,
  // What a page shows after an action can take many seconds on a loaded CI machine; the 1 s
  // default of expect.poll is for in-process code. A poll ends as soon as it matches.
  expect: { poll: { timeout: 30_000 } },
  // Vitest replaces BASE_URL inside workers with Vite's base ('/'); pass the real one on.
  env: { KORA_BASE_URL: process.env.KORA_BASE_URL ?? process.env.BASE_URL ?? 'http://127.0.0.1:8080' },
};
