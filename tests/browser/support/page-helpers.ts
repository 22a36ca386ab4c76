/**
 * Small page helpers shared by browser suites: toasts, reading whether something appeared while an
 * action ran (a state too brief to wait for), a marker that proves a page was not reloaded, and a
 * check that a page fits its viewport's width.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A toast containing this text (Radix lists toasts in the "Notifications (F8)" region). */
export function toastWith(page: Page, text: string | RegExp) {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text })
    .first();
}

/**
 * Starts recording which of `probes` (name → CSS selector, optionally with text the element must
 * contain) matched the DOM at any moment from now on; read the result with `seenStates`.
 */
export async function recordStates(page: Page, probes: Record<string, { selector: string; text?: string }>): Promise<void> {
  await page.evaluate((list) => {
    const seen = new Set<string>();
    (window as unknown as { __seen: Set<string> }).__seen = seen;
    const check = () => {
      for (const [name, probe] of Object.entries(list)) {
        for (const element of document.querySelectorAll(probe.selector)) {
          if (!probe.text || (element.textContent ?? '').includes(probe.text)) seen.add(name);
        }
      }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, probes);
}

export async function seenStates(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __seen?: Set<string> }).__seen ?? [])].sort());
}

/** Marks the current document; `stillSameDocument` is false after any full page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __kept: boolean }).__kept = true;
  });
}

export async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true);
}

/** Asserts that the page is no wider than its viewport (nothing to scroll sideways to). */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Counts `page`'s requests in flight from now on (attach it before the first navigation), so a test
 * can wait for the page's own loading to end (what a hydrated page fetches: the right panel, lazy
 * chunks) with a short quiet window. Playwright's `networkidle` waits a fixed 500 ms of quiet after
 * every load, which the accessibility suite's 150 page loads paid for in full.
 */
export function networkTracker(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight = Math.max(0, inFlight + by);
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  // A navigation drops what the old document had in flight without always finishing it.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) lastChange = Date.now();
  });
  return {
    /** Resolves once nothing has been in flight for `quietMs`; gives up quietly after `timeoutMs`. */
    async quiet(quietMs = 150, timeoutMs = 10_000): Promise<void> {
      const giveUpAt = Date.now() + timeoutMs;
      while (Date.now() < giveUpAt) {
        if (inFlight === 0 && Date.now() - lastChange >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
