// Unit tests for the web app's pure helpers. Kept apart from vite.config.ts so the Remix plugin
// (which expects to own the build) does not run under vitest.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  test: {
    name: 'web',
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', '*.test.ts'],
    environment: 'node',
    // Files share the worker's modules (no per-file module graph); stubs and spies are undone after each test.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
