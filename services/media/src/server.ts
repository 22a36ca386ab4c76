/** Runs the media service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createMediaService } from './app.js';

await runStandalone(createMediaService());
