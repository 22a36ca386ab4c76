/**
 * The notification bell as browser suites read it: its unread count (from its accessible name,
 * "Notifications, 3 unread"), whether its live socket is up, and its dropdown.
 */
import type { Locator, Page } from 'playwright-core';

/** Found even while a modal hides the rest of the page from assistive technology (aria-hidden). */
export function bell(page: Page): Locator {
  return page.getByRole('banner', { includeHidden: true }).getByRole('button', { name: /^Notifications/, includeHidden: true });
}

/** The unread count the badge shows (0 without a badge; "99+" reads as 100). */
export async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /, (\d+)(\+)? unread$/.exec(label);
  if (!match) return 0;
  return Number(match[1]) + (match[2] ? 1 : 0);
}

/** Waits until the page's notification socket has said 'ready' (new notifications now arrive live). */
export async function waitForLiveSocket(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('header [data-live="live"]').waitFor({ timeout });
}

/** Opens the bell's dropdown and answers it (a Radix menu). */
export async function openBell(page: Page): Promise<Locator> {
  await bell(page).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** The notifications listed in the open dropdown, newest first. */
export function bellItems(page: Page): Locator {
  return page.getByRole('menu').getByRole('group', { name: 'Latest notifications' }).getByRole('menuitem');
}
