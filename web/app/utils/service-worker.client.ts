/**
 * Registers the service worker (web/public/sw.js, decision 041) once the page has loaded, so its
 * download and start never compete with the page's first paint. The build's version is in its
 * address: each deploy gives the browser a new worker, which replaces the old one and its caches.
 */

declare global {
  interface Window {
    /** Remix's route manifest; its version changes with every build of the browser's files. */
    __remixManifest?: { version?: string };
  }
}

export const SERVICE_WORKER_PATH = '/sw.js';

export function serviceWorkerUrl(buildVersion: string | undefined): string {
  return buildVersion ? `${SERVICE_WORKER_PATH}?v=${encodeURIComponent(buildVersion)}` : SERVICE_WORKER_PATH;
}

function register(): void {
  navigator.serviceWorker.register(serviceWorkerUrl(window.__remixManifest?.version), { scope: '/' }).catch((error: unknown) => {
    // The app works the same without it; only installing and the offline page are lost.
    console.warn('service worker not registered', error);
  });
}

export function registerServiceWorkerAfterLoad(): void {
  // The development server's files are not the build's: a worker there would only get in the way.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // And after hydration's work, when the main thread is idle (Safari has no idle callback).
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register) : setTimeout(register, 0));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
