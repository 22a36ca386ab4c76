/** Runs the settings service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createSettingsService } from './app.js';

await runStandalone(createSettingsService());
