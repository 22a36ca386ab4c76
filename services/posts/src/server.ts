/** Runs the posts service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { postsService } from './app.js';

await runStandalone(postsService);
