/** Runs the stories-reels service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createStoriesReelsService } from './app.js';

await runStandalone(createStoriesReelsService());
