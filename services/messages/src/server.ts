/** Runs the messages service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createMessagesService } from './app.js';

await runStandalone(createMessagesService());
