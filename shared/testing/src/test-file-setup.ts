/**
 * Runs before every test file of the projects whose files share a worker's modules (vitest.config.ts):
 * what one file set up must not reach the next one.
 */
import { Agent, setGlobalDispatcher } from 'undici';
import { afterAll, vi } from 'vitest';
import { beginTestFile } from './adapters.js';

beginTestFile();
// fetch's connections of one file (a keep-alive socket to a server the file closed, an upload still
// being written) must not be the next file's: each file gets its own pool, closed at its end.
const connections = new Agent();
setGlobalDispatcher(connections);
afterAll(() => connections.destroy());
// A file that failed between vi.useFakeTimers() and its own clean-up would stop the next file's clock.
afterAll(() => {
  vi.useRealTimers();
});
