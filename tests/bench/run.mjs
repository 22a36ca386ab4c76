#!/usr/bin/env node
// `npm run bench`: see run.ts. Prepares what the product needs the way `npm start` does (the
// dependencies, the web build) before measuring anything.
import { ensureDependencies, ensureWebBuild } from '../../scripts/lib/build.mjs';

ensureDependencies();
ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
await import('./run.ts');
