import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressRouteManifest } from './vite-manifest-compression';

describe('compressRouteManifest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kora-manifest-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes Brotli and gzip copies of the route manifest, and of nothing else', () => {
    const manifest = `window.__remixManifest=${JSON.stringify({ routes: Array.from({ length: 200 }, (_, i) => `/assets/route-${i}.js`) })};`;
    writeFileSync(path.join(dir, 'manifest-5eaffb68.js'), manifest);
    writeFileSync(path.join(dir, 'components-B6e8mc15.js'), 'export {}');
    const plugin = compressRouteManifest(dir);
    (plugin.closeBundle as () => void)();
    const file = path.join(dir, 'manifest-5eaffb68.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(manifest);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(manifest);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(manifest.length / 4);
    expect(existsSync(path.join(dir, 'components-B6e8mc15.js.br'))).toBe(false);
  });
});
