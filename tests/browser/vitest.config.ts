// Every browser file, one at a time (to run one by hand: `npx vitest run --config tests/browser/vitest.config.ts posts`).
// `npm test` runs them through the root's `browser` and `browser-alone` projects instead.
import { defineConfig } from 'vitest/config';
import { browserTestOptions } from './test-options';

export default defineConfig({ test: { ...browserTestOptions, name: 'browser', include: ['**/*.test.ts'], fileParallelism: false } });
