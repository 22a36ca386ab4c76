// Builds what the product needs to run, only when it is missing or older than its sources:
// today that is the web app (Remix + Vite). Services and the gateway run from TypeScript through
// tsx, so they need no build step.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDebianPackage } from './apt.mjs';
import { ROOT, warn, which } from './proc.mjs';

const WEB = path.join(ROOT, 'web');
const WEB_SOURCES = ['app', 'public', 'vite.config.ts', 'tailwind.config.ts', 'postcss.config.js', 'package.json'];
const WEB_BUILD_MARKER = path.join(WEB, 'build', 'server', 'index.js');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!fs.existsSync(WEB_BUILD_MARKER)) return true;
  const built = fs.statSync(WEB_BUILD_MARKER).mtimeMs;
  // Shared packages are bundled into the server build too.
  const sources = [...WEB_SOURCES.map((s) => path.join(WEB, s)), path.join(ROOT, 'shared')];
  return sources.some((s) => newestMtime(s) > built);
}

export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return false;
  process.stderr.write('[build] building the web app...\n');
  const result = spawnSync('npm', ['run', 'build', '-w', '@kora/web', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed');
  return true;
}

/** ensureWebBuild without blocking the caller's event loop (the test harness runs other work meanwhile). */
export async function buildWeb({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return false;
  process.stderr.write('[build] building the web app...\n');
  const child = spawn('npm', ['run', 'build', '-w', '@kora/web', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error('web build failed');
  return true;
}

export function ensureDependencies() {
  if (fs.existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) return;
  process.stderr.write('[build] installing dependencies (npm install)...\n');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm install failed');
}

/**
 * Videos are transcoded by ffmpeg in the media workers. Everything else runs without it, so a
 * missing ffmpeg is installed when we can (root with apt-get) and otherwise only warned about:
 * uploaded videos then end as "could not be processed" instead of the product not starting.
 * With `required` (the tests, which transcode real videos) a missing ffmpeg is an error.
 */
export async function ensureFfmpeg({ required = false } = {}) {
  try {
    await ensureDebianPackage({ pkg: 'ffmpeg', what: 'ffmpeg (video transcoding)', find: () => which('ffmpeg') });
  } catch (err) {
    if (required) throw err;
    warn(`${err.message}\nVideos cannot be processed until it is installed; everything else works.`);
  }
}
