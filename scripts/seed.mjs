#!/usr/bin/env node
// `npm run seed`: see seed/main.ts.
const { register } = await import('tsx/esm/api');
register();
await import('./seed/main.ts');
