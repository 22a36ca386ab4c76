/* global self, caches */
/**
 * Kora's service worker (decision 041). It keeps only what is the same for every visitor:
 *   - the offline page, fetched when the worker installs and shown when a page cannot load for
 *     lack of network;
 *   - the build's hashed files under /assets/, kept on first use (their names change with their
 *     content, so a kept copy is never stale).
 * Pages, /api/*, /resources/* and /uploads/* are never kept: they are private to a member, and
 * they go to the network exactly as without a worker.
 *
 * The page registers it as /sw.js?v=<build version> (web/app/utils/service-worker.client.ts): a new
 * deploy is a new worker, whose caches carry the new version and which deletes the old ones.
 */

const VERSION = new URL(self.location.href).searchParams.get('v') || 'unversioned';
const CACHE_PREFIX = 'kora-';
const SHELL_CACHE = `${CACHE_PREFIX}shell-${VERSION}`;
const ASSETS_CACHE = `${CACHE_PREFIX}assets-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-96.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      // Past the HTTP cache, and without cookies: the page must be the one of this deploy, and
      // nothing about whoever is signed in may end up in it.
      await shell.add(new Request(OFFLINE_URL, { cache: 'reload', credentials: 'omit' }));
      // Nothing it keeps depends on the build of the pages that are open, so it takes over at once.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([SHELL_CACHE, ASSETS_CACHE]);
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name)).map((name) => caches.delete(name)));
      // Pages start loading while the worker starts, not after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/**
 * The requests after which no member is signed in on this device any more: signing out (a POST
 * to /logout, as a form or as Remix's data request) and the page an account deletion lands on.
 */
function endsSession(request, url) {
  if (request.method === 'POST') return url.pathname === '/logout' || url.pathname === '/logout.data';
  return request.method === 'GET' && (url.pathname === '/account-deleted' || url.pathname === '/account-deleted.data');
}

/**
 * Nothing private is kept, so this is a second line of defence: which build files a member loaded
 * can still tell which screens they opened, so the next member of the device starts without them.
 */
async function forgetMemberTraces() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (endsSession(request, url)) event.waitUntil(forgetMemberTraces());
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(event));
  }
  // Anything else goes to the network untouched, as if there were no worker.
});

/** A page from the network, never kept; the offline page when the network cannot be reached. */
async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    return offline ?? Response.error();
  }
}

async function fromCacheFirst(event) {
  const cache = await caches.open(ASSETS_CACHE);
  // The server varies on Accept-Encoding, which a page's requests do not show: any copy will do.
  const kept = await cache.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(event.request);
  // Only a real file: a missing one (an old tab after a deploy) must stay missing.
  if (response.ok && response.type === 'basic') event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/** A same-origin address from a notification's data, else the News Feed. */
function pageUrlOf(value) {
  try {
    const url = new URL(typeof value === 'string' ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

/** The push payload `{ title, body, url, tag }`; a malformed one still shows a notification. */
function readPush(event) {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  return {
    // A push must always show something; without a title the site's own address names the sender.
    title: typeof payload.title === 'string' && payload.title ? payload.title : self.location.host,
    body: typeof payload.body === 'string' ? payload.body : '',
    tag: typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined,
    url: pageUrlOf(payload.url),
  };
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

/** Brings the member to the notification's page: in a tab of Kora already open, else a new window. */
async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  // The tab the member looked at last is the one they expect to see change.
  const tab = ours.find((client) => client.focused) ?? ours.find((client) => client.visibilityState === 'visible') ?? ours[0];
  if (!tab) return self.clients.openWindow(url);
  const focused = await tab.focus();
  if (focused.url === url) return focused;
  // A tab this worker does not control cannot be sent elsewhere; a new window can.
  return (await focused.navigate(url).catch(() => null)) ?? self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(pageUrlOf(event.notification.data?.url)));
});
