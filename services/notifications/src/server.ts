/** Runs the notifications service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createNotificationsService } from './app.js';

await runStandalone(createNotificationsService());
