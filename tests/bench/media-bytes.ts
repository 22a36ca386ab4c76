/**
 * `media-bytes` (decision 044): what the home feed costs a phone on mobile data. A member whose
 * feed holds posts with real photos (photo-like JPEGs uploaded through the API, so media stores
 * them as it stores anyone's) opens it in Chromium as a phone would (375x812, device scale factor
 * 2, touch), with the browser's cache off, and the bench adds up the bytes received (as
 * transferred: Chromium's `encodedDataLength`, headers included), all responses and images and
 * videos apart:
 *   first screen   the page, its scripts and what it loads until the network is idle;
 *   scrolled       after that, scrolled through `scrolledPosts` posts one by one, each photo
 *                  loaded, until the network is idle again.
 * With Data saver off and on (the member's setting). `before` is the same screens as the old
 * markup loaded them: one full-size WebP per photo (the photo's own URL, at most 2048 wide) in
 * place of the variants the `off` run loaded, every other byte as in that run.
 */
import { ACCESS_TOKEN_COOKIE, type Post, type UploadAnswer } from '@kora/contracts';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { request } from 'undici';
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/lib/chromium.mjs';
import { makePhoto } from '../support/photos.js';
import { createBenchAccount } from './bench-account.js';
import { triedAgainWhenDropped } from './dropped-connection.js';

export interface ByteCounts {
  total: number;
  images: number;
  videos: number;
}

export interface MediaBytesPhase {
  firstScreen: ByteCounts;
  scrolled: ByteCounts;
}

export interface MediaBytes {
  /** Photo posts in the member's feed, and how many of them the scroll went through. */
  posts: number;
  scrolledPosts: number;
  off: MediaBytesPhase;
  on: MediaBytesPhase;
  before: MediaBytesPhase;
}

export interface MediaBytesTarget {
  gatewayUrl: string;
  databaseUrl: string;
  /** Photo posts to seed (the feed's first page holds 20). */
  posts: number;
  scrolledPosts: number;
  settle: (before: string) => Promise<void>;
}

const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Photos as phones share them: landscape and portrait, about 3 megapixels. */
const PHOTO_SHAPES = [
  { width: 2048, height: 1536 },
  { width: 1536, height: 2048 },
  { width: 2000, height: 1500 },
];
/** Photos per upload request: media makes every size while the request waits, within the gateway's time limit. */
const UPLOAD_BATCH = 1;
/** A busy machine can take longer than the gateway waits: the upload is sent again. */
const UPLOAD_TRIES = 3;

async function signIn(gatewayUrl: string, databaseUrl: string): Promise<{ userId: number; token: string }> {
  const account = { email: 'bench.media@example.com', username: 'benchmedia', password: 'bench media password 123' };
  createBenchAccount(databaseUrl, account);
  const res = await request(new URL('/api/signin', gatewayUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await res.body.json()) as { token?: string; user?: { user_id: number } };
  if (res.statusCode !== 200 || !body.token || !body.user) throw new Error(`sign-in failed: ${res.statusCode} ${JSON.stringify(body)}`);
  return { userId: body.user.user_id, token: body.token };
}

async function api<T>(
  gatewayUrl: string,
  token: string,
  path: string,
  init: { method?: string; json?: unknown; form?: FormData } = {},
): Promise<T> {
  // Setup calls: a post or upload made twice only tops the feed up past what it needs.
  const { res, text } = await triedAgainWhenDropped(async () => {
    const res = await fetch(new URL(path, gatewayUrl), {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
    return { res, text: await res.text() };
  });
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

const ownPosts = (target: MediaBytesTarget, member: { userId: number; token: string }) =>
  api<Post[]>(target.gatewayUrl, member.token, `/api/posts?authorId=${member.userId}&limit=50`);

async function uploadWithRetries(target: MediaBytesTarget, token: string, form: FormData): Promise<UploadAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<UploadAnswer>(target.gatewayUrl, token, '/api/media/upload', { method: 'POST', form });
    } catch (error) {
      if (attempt >= UPLOAD_TRIES || !String(error).includes(' 504:')) throw error;
    }
  }
}

/** Tops the member's photo posts up to `posts` (a reused database keeps the earlier ones). */
async function seedPhotoPosts(target: MediaBytesTarget, member: { userId: number; token: string }): Promise<void> {
  const have = (await ownPosts(target, member)).filter((post) => post.images.length > 0).length;
  for (let made = have; made < target.posts; made += UPLOAD_BATCH) {
    const form = new FormData();
    const count = Math.min(UPLOAD_BATCH, target.posts - made);
    for (let i = 0; i < count; i++) {
      const shape = PHOTO_SHAPES[(made + i) % PHOTO_SHAPES.length]!;
      const photo = await makePhoto({ ...shape, seed: made + i + 1 });
      form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${made + i}.jpg`);
    }
    const uploaded = await uploadWithRetries(target, member.token, form);
    for (const [i, url] of uploaded.urls.entries()) {
      await api(target.gatewayUrl, member.token, '/api/posts', {
        method: 'POST',
        json: { userId: member.userId, content: `Photo ${made + i + 1} from the bench`, media: [{ url }] },
      });
    }
  }
  // media's photo.stored reaches posts through Kafka: every post must answer its photo's sizes.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const posts = (await ownPosts(target, member)).filter((post) => post.images.length > 0);
    if (posts.length >= target.posts && posts.every((post) => (post.imageDetails ?? []).length === post.images.length)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the photo posts never answered their photos’ sizes');
}

/** Counts every response's bytes as transferred, by kind, and the stored photos each phase loaded. */
class ByteMeter {
  private readonly paths = new Map<string, string>();
  counts: ByteCounts = { total: 0, images: 0, videos: 0 };
  /** Paths of `/uploads/images/*` files received. */
  photos: string[] = [];

  constructor(cdp: CDPSession) {
    cdp.on('Network.responseReceived', (e) => this.paths.set(e.requestId, new URL(e.response.url).pathname));
    cdp.on('Network.loadingFinished', (e) => {
      const path = this.paths.get(e.requestId) ?? '';
      this.counts.total += e.encodedDataLength;
      if (path.startsWith('/uploads/images/')) {
        this.counts.images += e.encodedDataLength;
        this.photos.push(path);
      } else if (path.startsWith('/uploads/videos/')) this.counts.videos += e.encodedDataLength;
    });
  }

  /** What arrived since the last call, and resets. */
  take(): { counts: ByteCounts; photos: string[] } {
    const taken = { counts: this.counts, photos: this.photos };
    this.counts = { total: 0, images: 0, videos: 0 };
    this.photos = [];
    return taken;
  }
}

/** Counts the page's requests still in flight. */
function requestsInFlight(page: Page): () => number {
  let open = 0;
  page.on('request', () => void (open += 1));
  page.on('requestfinished', () => void (open -= 1));
  page.on('requestfailed', () => void (open -= 1));
  return () => open;
}

/** Waits until no request has been in flight for a while (lazy images start as layout settles). */
async function idle(page: Page, pending: () => number, quietMs = 1_000, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/** Scrolls post by post through the first `count` posts, each one's photos loaded before the next. */
async function scrollThrough(page: Page, count: number, pending: () => number): Promise<void> {
  const articles = page.locator('[role="feed"] [role="article"]');
  for (let i = 0; i < count; i++) {
    const article = articles.nth(i);
    await article.waitFor({ timeout: 30_000 });
    await article.scrollIntoViewIfNeeded();
    await page
      .waitForFunction((el) => [...(el?.querySelectorAll('img') ?? [])].every((img) => img.complete), await article.elementHandle(), {
        timeout: 15_000,
      })
      .catch(() => undefined);
  }
  await idle(page, pending);
}

type Phase = { counts: ByteCounts; photos: string[] };

async function measure(
  context: BrowserContext,
  gatewayUrl: string,
  scrolledPosts: number,
): Promise<{ firstScreen: Phase; scrolled: Phase }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const meter = new ByteMeter(cdp);
  const pending = requestsInFlight(page);
  await page.goto(new URL('/', gatewayUrl).href, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 });
  await idle(page, pending);
  const firstScreen = meter.take();
  await scrollThrough(page, scrolledPosts, pending);
  const scrolled = meter.take();
  await page.close();
  return { firstScreen, scrolled };
}

/** The photo's own URL (its full-size WebP) behind any of its variants' paths. */
const originalOf = (path: string) => path.replace(/(-\d+)?\.(avif|webp)$/, '.webp');

async function bytesOf(gatewayUrl: string, path: string): Promise<number> {
  const res = await request(new URL(path, gatewayUrl));
  const body = Buffer.from(await res.body.arrayBuffer());
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
  return body.length;
}

/** The old markup's bytes for a phase: the full-size WebP of each photo in place of what was loaded. */
async function asBefore(gatewayUrl: string, phase: Phase, sizes: Map<string, number>): Promise<ByteCounts> {
  let images = 0;
  for (const original of new Set(phase.photos.map(originalOf))) {
    if (!sizes.has(original)) sizes.set(original, await bytesOf(gatewayUrl, original));
    images += sizes.get(original)!;
  }
  return { total: phase.counts.total - phase.counts.images + images, images, videos: phase.counts.videos };
}

export async function benchMediaBytes(target: MediaBytesTarget): Promise<MediaBytes> {
  const member = await signIn(target.gatewayUrl, target.databaseUrl);
  await seedPhotoPosts(target, member);
  await target.settle('media-bytes');

  const browser = await chromium.launch({ executablePath: await ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const runs: Record<'off' | 'on', { firstScreen: Phase; scrolled: Phase }> = {} as never;
    for (const dataSaver of ['off', 'on'] as const) {
      await api(target.gatewayUrl, member.token, '/api/settings/profile', { method: 'PUT', json: { dataSaver } });
      // A fresh browser each time: no cookie copy of the setting, no cached file.
      const context = await browser.newContext(PHONE);
      const { hostname } = new URL(target.gatewayUrl);
      await context.addCookies([{ name: ACCESS_TOKEN_COOKIE, value: member.token, domain: hostname, path: '/', httpOnly: true }]);
      runs[dataSaver] = await measure(context, target.gatewayUrl, target.scrolledPosts);
      await context.close();
    }
    const sizes = new Map<string, number>();
    const counts = (run: { firstScreen: Phase; scrolled: Phase }): MediaBytesPhase => ({
      firstScreen: run.firstScreen.counts,
      scrolled: run.scrolled.counts,
    });
    return {
      posts: target.posts,
      scrolledPosts: target.scrolledPosts,
      off: counts(runs.off),
      on: counts(runs.on),
      before: {
        firstScreen: await asBefore(target.gatewayUrl, runs.off.firstScreen, sizes),
        scrolled: await asBefore(target.gatewayUrl, runs.off.scrolled, sizes),
      },
    };
  } finally {
    await browser.close();
  }
}

/** The figures as the bench prints them: KB per phase and run. */
export function mediaBytesTable(figures: MediaBytes): Record<string, Record<string, string>> {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const rows: Record<string, Record<string, string>> = {};
  for (const run of ['before', 'off', 'on'] as const) {
    for (const phase of ['firstScreen', 'scrolled'] as const) {
      const c = figures[run][phase];
      rows[
        `${run === 'before' ? 'before (one 2048 WebP)' : `data saver ${run}`}, ${phase === 'firstScreen' ? 'first screen' : `+${figures.scrolledPosts} posts`}`
      ] = {
        'all KB': kb(c.total),
        'images KB': kb(c.images),
        'videos KB': kb(c.videos),
      };
    }
  }
  return rows;
}
