/**
 * Test projects (see scripts/test.mjs for the order they run in):
 * - unit, web: pure code, gateway, web helpers and server — run once.
 * - product: the embedded product started as a child process (backup, crash, outbox replay).
 * - services: platform and service tests; on the real servers in a full run, on the embedded engines
 *   in the inner loop or a run without the `real` stage
 *   (KORA_TEST_TARGET=real with DATABASE_URL, KAFKA_BROKERS, REDIS_URL from the harness).
 * - real: tests that only make sense against real servers (e.g. stopping the Kafka broker).
 * - api, api-alone, api-broker: cross-service tests through the gateway of a running product (BASE_URL).
 * - browser, browser-alone: Chromium driven by playwright-core against a running product (BASE_URL).
 *   The `-alone` projects hold the files that must run with nothing beside them (tests/run-alone.ts).
 * - bench: `npm run bench`'s smoke run (tests/bench/smoke.test.ts): it starts its own distributed
 *   product on the servers it is given (DATABASE_URL, KAFKA_BROKERS, REDIS_URL).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { browserTestOptions } from './tests/browser/test-options';
import { apiFilesAlone, apiFilesRestartingBroker, browserFilesAlone } from './tests/run-alone';

const apiBroker = apiFilesRestartingBroker.map((file) => `tests/api/${file}`);
const apiAlone = Object.keys(apiFilesAlone)
  .map((file) => `tests/api/${file}`)
  .filter((file) => !apiBroker.includes(file));
const browserAlone = Object.keys(browserFilesAlone);

// Hang guards, not speed limits (decision 027): CI's loaded machine has run a test ten times slower
// than an idle one, and only a failing run waits them out.
const common = { environment: 'node' as const, testTimeout: 120_000, hookTimeout: 120_000 };

/**
 * Test files that share their worker's modules instead of importing the service graph afresh (most
 * of these projects' time went on module loading). Mocks, stubbed globals and environment variables
 * are undone after each test, and test-file-setup.ts gives each file its own broker namespace.
 */
const TEST_FILE_SETUP = fileURLToPath(new URL('shared/testing/src/test-file-setup.ts', import.meta.url));

const sharedModules = {
  isolate: false,
  restoreMocks: true,
  unstubGlobals: true,
  unstubEnvs: true,
  setupFiles: [TEST_FILE_SETUP],
};

export default defineConfig({
  test: {
    // Workers are kept from file to file (each project still says whether its files share modules):
    // starting a process per file cost more than many of the files themselves.
    isolate: false,
    projects: [
      {
        test: {
          ...common,
          ...sharedModules,
          name: 'unit',
          include: [
            'shared/contracts/**/*.test.ts',
            'gateway/**/*.test.ts',
            'scripts/lib/**/*.test.ts',
            'tests/deploy/**/*.test.ts',
            'tests/structure/**/*.test.ts',
            'tests/bench/**/*.test.ts',
            'tests/soak/**/*.test.ts',
          ],
          // The bench's smoke run starts a product: the `bench` project.
          exclude: ['**/*.real.test.ts', '**/node_modules/**', 'tests/bench/smoke.test.ts'],
        },
      },
      { test: { ...common, name: 'bench', include: ['tests/bench/smoke.test.ts'] } },
      {
        // Each file sets the product's address for the API helpers it imports: modules afresh per file.
        // Real-server tests under scripts/ (the pg_dump route) run in the `real` project only. A
        // service's `*.product.test.ts` runs its command on the embedded database files whatever the
        // target: here, once, not again in the `real` stage.
        test: {
          ...common,
          isolate: true,
          name: 'product',
          include: ['scripts/run/**/*.test.ts', 'services/**/*.product.test.ts'],
          exclude: ['**/*.real.test.ts', '**/node_modules/**'],
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          ...common,
          ...sharedModules,
          name: 'services',
          include: ['shared/platform/**/*.test.ts', 'shared/testing/**/*.test.ts', 'services/**/*.test.ts'],
          exclude: ['**/*.real.test.ts', '**/*.product.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          ...common,
          isolate: true,
          name: 'real',
          include: ['**/*.real.test.ts'],
          exclude: ['**/node_modules/**'],
          fileParallelism: false,
        },
      },
      // Against a running product: the files in tests/run-alone.ts one at a time, then the others side by side.
      { test: { ...common, ...sharedModules, name: 'api-broker', include: apiBroker, fileParallelism: false } },
      { test: { ...common, ...sharedModules, name: 'api-alone', include: apiAlone, fileParallelism: false } },
      {
        test: {
          ...common,
          ...sharedModules,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...apiBroker, ...apiAlone, '**/node_modules/**'],
        },
      },
      { test: { ...browserTestOptions, ...sharedModules, name: 'browser-alone', include: browserAlone, fileParallelism: false } },
      {
        test: {
          ...browserTestOptions,
          ...sharedModules,
          name: 'browser',
          include: ['**/*.test.ts'],
          exclude: [...browserAlone, '**/node_modules/**'],
        },
      },
    ],
  },
});
