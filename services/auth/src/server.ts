/** Runs the auth service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createAuthService } from './app.js';

await runStandalone(createAuthService());
