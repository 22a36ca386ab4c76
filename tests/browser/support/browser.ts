/**
 * Chromium for the browser suites, and contexts that are already signed in. Tests target the
 * running product at BASE_URL — always the gateway, the one public origin.
 *
 * Every context gets its own client address (X-Forwarded-For from the TEST-NET ranges): the
 * gateway trusts loopback proxies by default, so it counts each context as a different member's
 * network, as in real life, instead of putting the whole suite under one address's sign-in rate
 * limit. Tests can read the address back (clientIpOf) and find it in the member's session list.
 */
import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/lib/chromium.mjs';
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

/** The sizes suites look at: a phone, the laptop every issue is tried at, and a wide desktop. */
export interface Viewport {
  width: number;
  height: number;
}
export const VIEWPORTS: Readonly<Record<'phone' | 'laptop' | 'desktop', Viewport>> = {
  phone: { width: 375, height: 812 },
  laptop: { width: 1280, height: 800 },
  desktop: { width: 1440, height: 900 },
};

/**
 * Chromium's headless shell; `full`, the whole browser, for a file that shows notifications (the
 * shell has none). The harness installs both (scripts/lib/chromium.mjs).
 */
export async function launchBrowser({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: await ensureChromium({ full }), args: CHROMIUM_ARGS });
}

const TEST_NETS = ['198.51.100', '203.0.113'];
let addressCounter = randomInt(0, 500);

/** A fresh documentation-range address (RFC 5737) for one simulated member network. */
export function nextClientIp(): string {
  addressCounter = (addressCounter + 1) % 508;
  return `${TEST_NETS[addressCounter % 2]}.${1 + Math.floor(addressCounter / 2)}`;
}

const clientIps = new WeakMap<BrowserContext, string>();

/**
 * Playwright's `goto` and `reload` resolve on the load event, which can come before React has
 * hydrated the server-rendered page (the client entry is a dynamic import); a click in that gap is
 * lost. On our contexts' pages, `goto`, `reload` and `waitForURL` (a redirect can be a full page
 * load too: sign-out, a session ended elsewhere) also wait for the app's `<html data-hydrated>`
 * mark (web/app/utils/use-mark-hydrated.ts) when the document is one of the app's.
 */
async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !('__remixContext' in window) || document.documentElement.dataset.hydrated === 'true');
}

function waitingForHydration(page: Page): Page {
  const thenHydrated =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await navigate(...args);
      await untilHydrated(page);
      return result;
    };
  page.goto = thenHydrated(page.goto.bind(page));
  page.reload = thenHydrated(page.reload.bind(page));
  page.waitForURL = thenHydrated(page.waitForURL.bind(page));
  return page;
}

/** The client address a context's requests carry. */
export function clientIpOf(context: BrowserContext): string | undefined {
  return clientIps.get(context);
}

export async function anonymousContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const ip = nextClientIp();
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: VIEWPORTS.desktop,
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': ip, ...options.extraHTTPHeaders },
  });
  clientIps.set(context, ip);
  // A hang guard like the tests' own timeouts, not a speed limit: on a starved CI machine one page
  // load (a conversation, with the stages beside the browser tests at full load) passed Playwright's
  // default 30 s, where two free cores take about a second.
  context.setDefaultNavigationTimeout(60_000);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitingForHydration(await newPage());
  return context;
}

/** A context whose requests carry a valid access token cookie for `claims.userId`. */
export async function signedInContext(browser: Browser, claims: TokenClaims, options: BrowserContextOptions = {}): Promise<BrowserContext> {
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

/**
 * The contexts one test file opens, closed together in its afterAll: `open` waits for a context
 * and gives a new page in it, so a test never leaks a context it forgot to close.
 */
export function contextPool() {
  const contexts: BrowserContext[] = [];
  return {
    async open(context: Promise<BrowserContext>): Promise<Page> {
      const made = await context;
      contexts.push(made);
      return made.newPage();
    },
    async closeAll(): Promise<void> {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    },
  };
}
