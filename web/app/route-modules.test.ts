/**
 * Every page keeps its layout and menus when its data fails to load, and tells search engines and
 * link previews what it is: each page route with a loader exports an ErrorBoundary, and each page's
 * meta (its own, else the nearest ancestor's, which Remix uses alone) names a description.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROUTES_DIR = fileURLToPath(new URL('./routes', import.meta.url));

type RouteModule = {
  default?: unknown;
  loader?: unknown;
  ErrorBoundary?: unknown;
  meta?: (args: { matches: Array<{ id: string; data: unknown }>; data: unknown; params: Record<string, string> }) => unknown;
};

const files = readdirSync(ROUTES_DIR).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'));

async function load(file: string): Promise<RouteModule> {
  // The file list is read at run time, so the path cannot be a static import for vite to analyse.
  return (await import(/* @vite-ignore */ join(ROUTES_DIR, file))) as RouteModule;
}

function descriptionOf(descriptors: unknown): string | undefined {
  if (!Array.isArray(descriptors)) return undefined;
  const found = (descriptors as Array<Record<string, unknown>>).find((entry) => entry.name === 'description');
  return typeof found?.content === 'string' ? found.content : undefined;
}

const META_ARGS = { matches: [{ id: 'root', data: { ENV: { SITE_NAME: 'Kora' } } }], data: undefined, params: {} };

describe('route modules', () => {
  it('finds the page routes', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('every page route with a loader exports an ErrorBoundary', async () => {
    const missing: string[] = [];
    for (const file of files) {
      const mod = await load(file);
      if (mod.default && mod.loader && typeof mod.ErrorBoundary !== 'function') missing.push(file);
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('the root meta names a description, and so does every page meta that replaces it', async () => {
    const root = (await import(/* @vite-ignore */ join(ROUTES_DIR, '..', 'root.tsx'))) as RouteModule;
    expect(descriptionOf(root.meta?.(META_ARGS))).toMatch(/\w{3,}/);
    const missing: string[] = [];
    for (const file of files) {
      const mod = await load(file);
      if (!mod.default || !mod.meta) continue;
      if (!descriptionOf(mod.meta(META_ARGS))) missing.push(file);
    }
    expect(missing).toEqual([]);
  }, 120_000);
});
