/** The stories routes (decision 022): filled in by the stories work of issue 14. */
import type { ServiceApp } from '@kora/platform/service';
import type { StoriesReels } from '../context.js';

export async function storyRoutes(_app: ServiceApp, _sr: StoriesReels): Promise<void> {}
