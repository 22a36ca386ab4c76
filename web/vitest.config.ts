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
  },
});
