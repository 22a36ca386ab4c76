/**
 * Makes the tests' saved PGlite cluster (pglite-template.ts in @kora/testing) if this machine has
 * none yet: `npm test` runs it once before the embedded stage's workers start.
 */
import { pgliteTemplate } from '@kora/testing/pglite-template';

await pgliteTemplate();
