/**
 * Remix writes the browser's route manifest (`assets/manifest-<hash>.js`, loaded by every page)
 * during the server build, after the client build's compression step has run, so it alone went out
 * uncompressed (about 19 KB where Brotli makes 3). This plugin, in the server build, writes its .br
 * and .gz copies once the manifest is on disk, with the same settings as the other assets.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export function compressRouteManifest(clientAssetsDir: string): Plugin {
  return {
    name: 'kora-compress-route-manifest',
    apply: 'build',
    enforce: 'post',
    closeBundle() {
      for (const name of readdirSync(clientAssetsDir)) {
        if (!/^manifest-[\w-]+\.js$/.test(name)) continue;
        const file = path.join(clientAssetsDir, name);
        const source = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
