/** Runs the admin service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { adminService } from './app.js';

await runStandalone(adminService);
