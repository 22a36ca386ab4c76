/**
 * Admins for browser suites: a member made through the product's own sign-up and activation, then
 * promoted with auth's own command (decision 007: how an operator makes an admin) on the product's
 * database. The role is in the tokens of the next sign-in, which every context here does afresh.
 * Also: the site settings as an admin sets them through the API (for a suite's clean-up).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { bundleOnce } from '../../../scripts/lib/bundle.mjs';
import { BASE_URL, signedInContext } from './browser';
import { createMember, type Member } from './members';
import { mintAccessToken } from './tokens';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function createAdmin(tag = 'adm'): Promise<Member> {
  const member = await createMember(tag);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is needed to promote an admin (the distributed stage sets it)');
  const promoted = spawnSync(
    process.execPath,
    ['--enable-source-maps', await bundleOnce('services/auth/src/cli/create-admin.ts'), '--email', member.email],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, DB_DRIVER: 'postgres' },
      encoding: 'utf8',
    },
  );
  if (promoted.status !== 0) throw new Error(`create-admin failed: ${promoted.stderr || promoted.stdout}`);
  return member;
}

/** A browser context signed in as `admin` (tokens minted as auth mints them, with the admin role). */
export function adminContext(browser: Browser, admin: Member, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return signedInContext(browser, { userId: admin.userId, role: 'admin', sessionId: `browser-admin-${admin.userId}` }, options);
}

/** PUT /api/admin/settings/{section} with a minted admin token (no page involved). */
export async function putSettings(section: string, values: Record<string, unknown>): Promise<void> {
  const token = await mintAccessToken({ userId: 1, role: 'admin' });
  const response = await fetch(`${BASE_URL}/api/admin/settings/${section}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(values),
  });
  if (!response.ok) throw new Error(`settings ${section} answered ${response.status}: ${await response.text()}`);
}
