#!/usr/bin/env node
// `npm run migrate`: see scripts/run/migrate.ts.
const { register } = await import('tsx/esm/api');
register();
await import('./run/migrate.ts');
