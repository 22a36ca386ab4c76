/** Runs the stories-reels service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { storiesReelsService } from './app.js';

await runStandalone(storiesReelsService);
