/** Runs the posts service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createPostsService } from './app.js';

await runStandalone(createPostsService());
