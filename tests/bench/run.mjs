#!/usr/bin/env node
// `npm run bench`: see run.ts.
const { register } = await import('tsx/esm/api');
register();
await import('./run.ts');
