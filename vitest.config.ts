/**
 * Test projects (see scripts/test.mjs for the order they run in):
 * - unit, web: pure code, gateway, web helpers and server — run once.
 * - services: platform and service tests; runs twice, embedded engines then real servers
 *   (KORA_TEST_TARGET=real with DATABASE_URL, KAFKA_BROKERS, REDIS_URL from the harness).
 * - real: tests that only make sense against real servers (e.g. stopping the Kafka broker).
 * - api: cross-service tests through the gateway of a running product (BASE_URL).
 * - browser: Chromium driven by playwright-core against a running product (BASE_URL).
 */
import { defineConfig } from 'vitest/config';

const common = { environment: 'node' as const, testTimeout: 30_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: {
          ...common,
          name: 'unit',
          include: [
            'shared/contracts/**/*.test.ts',
            'gateway/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/deploy/**/*.test.ts',
            'tests/structure/**/*.test.ts',
            'tests/bench/**/*.test.ts',
            'tests/soak/**/*.test.ts',
          ],
          // Real-server tests under scripts/ (the pg_dump route) run in the `real` project only.
          exclude: ['**/*.real.test.ts', '**/node_modules/**'],
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          ...common,
          name: 'services',
          include: ['shared/platform/**/*.test.ts', 'shared/testing/**/*.test.ts', 'services/**/*.test.ts'],
          exclude: ['**/*.real.test.ts', '**/node_modules/**'],
        },
      },
      { test: { ...common, name: 'real', include: ['**/*.real.test.ts'], exclude: ['**/node_modules/**'], fileParallelism: false } },
      { test: { ...common, name: 'api', include: ['tests/api/**/*.test.ts'], fileParallelism: false } },
      'tests/browser/vitest.config.ts',
    ],
  },
});
