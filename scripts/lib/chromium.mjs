// The browsers the browser tests and the bench drive. Most files run on Debian's
// chromium-headless-shell: the same Chromium (Blink, V8, version) built for headless use, the build
// Playwright itself runs headless tests on, at about 40% less CPU than the full browser for the
// same page loads (decision 027). It has no notifications, so the files that show a push as a
// notification ask for the full browser. CHROMIUM_PATH picks one binary for every file.
import { ensureDebianPackage } from './apt.mjs';
import { which } from './proc.mjs';

/** No sandbox (the tests run as root), no GPU, and none of the browser's own background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const BUILDS = {
  shell: { pkg: 'chromium-headless-shell', what: 'Chromium (headless shell)', bin: 'chromium-headless-shell' },
  full: { pkg: 'chromium', what: 'Chromium', bin: 'chromium' },
};

/** The binary's path: CHROMIUM_PATH, else the build asked for, installed when missing (as root). */
export function ensureChromium({ full = false } = {}) {
  if (process.env.CHROMIUM_PATH) return Promise.resolve(process.env.CHROMIUM_PATH);
  const { pkg, what, bin } = full ? BUILDS.full : BUILDS.shell;
  return ensureDebianPackage({ pkg, what, find: () => which(bin) });
}
