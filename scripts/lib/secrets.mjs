// Secrets for a local install. Production passes INTERNAL_SECRET and ACCESS_TOKEN_SECRET in the
// environment; a local run generates them once and keeps them in its data folder (mode 0600) so
// sign-ins survive a restart.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const NAMES = ['INTERNAL_SECRET', 'ACCESS_TOKEN_SECRET'];

/** @param {string} dataDir @returns {{ INTERNAL_SECRET: string, ACCESS_TOKEN_SECRET: string }} */
export function localSecrets(dataDir) {
  const file = path.join(dataDir, 'secrets.json');
  const stored = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const secrets = Object.fromEntries(NAMES.map((n) => [n, process.env[n] ?? stored[n] ?? randomBytes(32).toString('base64url')]));
  if (NAMES.some((n) => secrets[n] !== stored[n])) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
