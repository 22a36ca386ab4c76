/** The reels routes (decision 022): filled in by the reels work of issue 14. */
import type { ServiceApp } from '@kora/platform/service';
import type { StoriesReels } from '../context.js';

export async function reelRoutes(_app: ServiceApp, _sr: StoriesReels): Promise<void> {}
