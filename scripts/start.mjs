#!/usr/bin/env node
// `npm start`: installs dependencies if needed, builds the web app if it is missing or stale, then
// runs the EMBEDDED mode (everything in this one process, on PGlite) at http://localhost:8080
// (PORT changes it). Needs nothing but Node and npm.
import { ensureDependencies, ensureFfmpeg, ensureWebBuild } from './lib/build.mjs';

ensureDependencies();
ensureWebBuild();
await ensureFfmpeg();
const { register } = await import('tsx/esm/api');
register();
await import('./run/embedded-main.ts');
