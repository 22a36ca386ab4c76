/**
 * The web app as a member meets it, through the gateway:
 *   web-ttfb    time to the first byte of the signed-in home feed's server render (one request at a
 *               time, so it is the render's own time, not a queue's)
 *   web-js      the JavaScript the home feed loads on first visit, in bytes as transferred, read
 *               from Chromium's network events (compressed size, every script the page pulls)
 *   pages       the same for each budgeted member page (home, profile, reels, groups, wallet,
 *               search, messages), against its budget
 */
import { ACCESS_TOKEN_COOKIE } from '@kora/contracts';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/lib/chromium.mjs';
import { createBenchAccount } from './bench-account.js';
import { chromium, type Browser } from 'playwright-core';
import { request } from 'undici';
import { fromLatencies, type Scenario } from './scenario.js';

/**
 * A real account (auth's own command, as an operator makes the first admin), signed in through the
 * gateway: the home feed's render asks auth for the member's own profile, so a token alone would
 * only render the way to the sign-in page.
 */
export async function signedInMember(gatewayUrl: string, databaseUrl: string): Promise<{ userId: number; token: string }> {
  const email = 'bench.reader@example.com';
  const password = 'bench reader password 123';
  createBenchAccount(databaseUrl, { email, username: 'benchreader', password });
  const res = await request(new URL('/api/signin', gatewayUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.body.json()) as { token?: string; user?: { user_id: number } };
  if (res.statusCode !== 200 || !body.token || !body.user) throw new Error(`sign-in failed: ${res.statusCode} ${JSON.stringify(body)}`);
  return { userId: body.user.user_id, token: body.token };
}

/** Waits (up to 60 s) until the member's feed shows posts: the friendships travel through Kafka. */
export async function untilFeedShows(gatewayUrl: string, token: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await request(new URL('/api/posts?limit=1', gatewayUrl), { headers: { authorization: `Bearer ${token}` } });
    const posts = (await res.body.json()) as unknown[];
    if (Array.isArray(posts) && posts.length > 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the web member's feed stayed empty");
}

export interface WebBenchTarget {
  gatewayUrl: string;
  /** An access token of a member with a populated feed. */
  token: string;
  durationMs: number;
}

export async function benchWebTtfb(target: WebBenchTarget): Promise<Scenario> {
  const headers = { cookie: `${ACCESS_TOKEN_COOKIE}=${target.token}`, 'accept-encoding': 'br, gzip', accept: 'text/html' };
  const url = new URL('/', target.gatewayUrl);
  const once = async () => {
    const t0 = performance.now();
    const res = await request(url, { headers });
    const ttfb = performance.now() - t0;
    await res.body.dump();
    return { ttfb, ok: res.statusCode === 200 };
  };
  for (let i = 0; i < 20; i++) await once(); // warm-up
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  while (performance.now() - started < target.durationMs) {
    const { ttfb, ok } = await once();
    if (!ok && errors === 0) process.stderr.write(`web-ttfb: the home feed did not answer 200\n`);
    latencies.push(ttfb);
    if (!ok) errors++;
  }
  return fromLatencies('web-ttfb', latencies, errors, (performance.now() - started) / 1000);
}

/** Bytes of JavaScript (as transferred) and of everything, for one page's first load. */
export interface WebJs {
  jsBytes: number;
  jsFiles: number;
  totalBytes: number;
  files: { url: string; bytes: number }[];
}

/** A member page the bench weighs, and the JavaScript it may load on a first visit. */
export interface BudgetedPage {
  name: string;
  path: string;
  budgetBytes: number;
}

/** A budgeted page's first load, against its budget. */
export type PageJs = BudgetedPage & WebJs;

const KIB = 1024;

/**
 * The member pages' JavaScript budgets: the home feed's is the tightest, it is the first page most
 * visits open; the others a little more for what only they do (decision 046).
 */
export function budgetedPages(member: { userId: number }): BudgetedPage[] {
  const page = (name: string, path: string, kib = 160) => ({ name, path, budgetBytes: kib * KIB });
  return [
    page('home', '/', 150),
    page('profile', `/profile/${member.userId}`),
    page('reels', '/reels'),
    page('groups', '/groups'),
    page('wallet', '/wallet'),
    page('search', '/search?q=lagos'),
    page('messages', '/messages'),
  ];
}

/** Each page's first load (a fresh context, nothing cached): its scripts' bytes as transferred. */
export async function measurePagesJs(target: Pick<WebBenchTarget, 'gatewayUrl' | 'token'>, pages: BudgetedPage[]): Promise<PageJs[]> {
  const browser = await chromium.launch({ executablePath: await ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const measured: PageJs[] = [];
    for (const page of pages) measured.push({ ...page, ...(await firstLoad(browser, target, page.path)) });
    return measured;
  } finally {
    await browser.close();
  }
}

/** The home feed's first load among the pages (the `web` figure, as the bench reported it before budgets). */
export function homeJs(pages: PageJs[]): WebJs {
  const home = pages.find((page) => page.name === 'home');
  if (!home) throw new Error('the home page was not weighed');
  return { jsBytes: home.jsBytes, jsFiles: home.jsFiles, totalBytes: home.totalBytes, files: home.files };
}

/** Scripts of the back office a member page loaded: its routes' chunks and its texts' (decision 024). */
export function backOfficeScripts(page: WebJs): string[] {
  return page.files.map((file) => file.url).filter((url) => /\/assets\/admin[.-]/.test(url));
}

async function firstLoad(browser: Browser, target: Pick<WebBenchTarget, 'gatewayUrl' | 'token'>, path: string): Promise<WebJs> {
  const context = await browser.newContext();
  try {
    const { hostname } = new URL(target.gatewayUrl);
    await context.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: target.token, domain: hostname, path: '/', httpOnly: true }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const urls = new Map<string, string>();
    const files: { url: string; bytes: number }[] = [];
    let jsBytes = 0;
    let jsFiles = 0;
    let totalBytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      urls.set(e.requestId, new URL(e.response.url).pathname);
    });
    cdp.on('Network.loadingFinished', (e) => {
      totalBytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') {
        jsBytes += e.encodedDataLength;
        jsFiles += 1;
        files.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength });
      }
    });
    await page.goto(new URL(path, target.gatewayUrl).href, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 });
    return { jsBytes, jsFiles, totalBytes, files: files.sort((a, b) => b.bytes - a.bytes) };
  } finally {
    await context.close();
  }
}
