/**
 * Chromium for the browser suites, and contexts that are already signed in. Tests target the
 * running product at BASE_URL — always the gateway, the one public origin.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { ACCESS_TOKEN_COOKIE, mintAccessToken, type TokenClaims } from './tokens';

/**
 * Vitest overwrites process.env.BASE_URL with Vite's base ('/') inside test workers, so the config
 * copies the real value to KORA_BASE_URL first; a plain absolute BASE_URL is still honoured.
 */
function baseUrl(): string {
  const candidates = [process.env.KORA_BASE_URL, process.env.BASE_URL];
  const url = candidates.find((value) => value && /^https?:\/\//.test(value)) ?? 'http://127.0.0.1:8080';
  return url.replace(/\/+$/, '');
}

export const BASE_URL = baseUrl();

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export function anonymousContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORTS.desktop, ...options });
}

/** A context whose requests carry a valid access token cookie for `claims.userId`. */
export async function signedInContext(
  browser: Browser,
  claims: TokenClaims,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await anonymousContext(browser, options);
  await context.addCookies([
    {
      name: ACCESS_TOKEN_COOKIE,
      value: await mintAccessToken(claims),
      url: BASE_URL,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return context;
}
