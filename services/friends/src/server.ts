/** Runs the friends service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { friendsService } from './app.js';

await runStandalone(friendsService);
