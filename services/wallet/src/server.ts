/** Runs the wallet service as its own process (distributed mode). */
import { runStandalone } from '@kora/platform';
import { createWalletService } from './app.js';

await runStandalone(createWalletService());
