#!/usr/bin/env node
// `npm run wallet:check`: see run/wallet-check.ts.
const { register } = await import('tsx/esm/api');
register();
await import('./run/wallet-check.ts');
