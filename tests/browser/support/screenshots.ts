import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Where the browser tests leave pictures of the screens they walk through, for review. */
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../test-results');

/** Saves what `page` shows as test-results/<name>.png, animations settled. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled', ...options });
}
