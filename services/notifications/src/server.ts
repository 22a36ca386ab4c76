/** Runs the notifications service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { notificationsService } from './app.js';

await runStandalone(notificationsService);
