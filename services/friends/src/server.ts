/** Runs the friends service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createFriendsService } from './app.js';

await runStandalone(createFriendsService());
