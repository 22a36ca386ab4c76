/** Runs the groups service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createGroupsService } from './app.js';

await runStandalone(createGroupsService());
