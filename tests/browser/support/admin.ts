/**
 * An admin in the browser for back-office suites: a real, activated member (the admin layout loads
 * its profile) whose access token carries the admin role, minted as the auth service would. The
 * services trust the gateway-verified role, so nothing else needs promoting.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { signedInContext } from './browser';
import { createMember, type Member } from './members';

export async function createAdmin(tag = 'adm'): Promise<Member> {
  return createMember(tag);
}

export function adminContext(browser: Browser, admin: Member, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return signedInContext(browser, { userId: admin.userId, role: 'admin', sessionId: `browser-admin-${admin.userId}` }, options);
}
