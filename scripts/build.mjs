#!/usr/bin/env node
// `npm run build`: builds everything that needs building (the web app), whether stale or not.
import { ensureWebBuild } from './lib/build.mjs';

ensureWebBuild({ force: true });
