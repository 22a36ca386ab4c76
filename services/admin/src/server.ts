/** Runs the admin service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createAdminService } from './app.js';

await runStandalone(createAdminService());
