import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { chunkFileNames, chunkGraphCheck, manualChunks } from './vite-chunks';
import { compressRouteManifest } from './vite-manifest-compression';

declare module '@remix-run/node' {
  // Lets useLoaderData/useActionData infer types from `data()` under single fetch.
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // Workspace packages ship TypeScript sources, so the server bundle must compile them itself.
  ssr: { noExternal: [/^@kora\//] },
  server: { port: 5173 },
  build: {
    sourcemap: false,
    // The browser's chunks are named for what they hold (vite-chunks.ts, decision 046): React's,
    // the i18n engine's, the document's (`app`), the member layout's, the home feed's, and the
    // texts only some pages read (wallet, back office, messages). Everything else is left to
    // Rollup, one chunk per set of pages that load it; small chunks are not merged into others,
    // which had put other routes' code (the back office's too) into every member page.
    rollupOptions: isSsrBuild
      ? {}
      : {
          // Calls whose only work is building a value: a module that makes nothing else at its top
          // level is dropped when nothing reads it. A texts module builds its texts (decision 045);
          // an icon, a context, a wrapped or lazily loaded component build a component.
          treeshake: {
            manualPureFunctions: [
              'localizedTexts',
              'template',
              'plural',
              'localizedLabels',
              'createLucideIcon',
              'forwardRef',
              'createContext',
              'memo',
              'lazy',
              'lazyComponent',
              'radixPart',
            ],
          },
          output: {
            manualChunks,
            chunkFileNames,
            // What a named chunk's modules import is left to Rollup's own chunking (vite-chunks.ts).
            onlyExplicitManualChunks: true,
          },
        },
  },
  plugins: [
    remix({
      ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off on purpose: with lazy discovery a fetcher load to a route not yet discovered (a post's
        // /resources/posts/{id} refresh, a notification's post) waits on a /__manifest request, and a
        // revalidation or navigation in that window could leave the load hanging for good (seen in
        // the browser tests; remix-run/react-router#15326, #15327, with our root catch-all route).
        // The whole route manifest is a few kilobytes, so every page carries it from the start.
        v3_lazyRouteDiscovery: false,
      },
    }),
    // The browser's files, compressed once at build with the slowest, smallest settings; the web
    // server sends the .br or .gz beside each file to a browser that accepts it (server/static.ts).
    !isSsrBuild &&
      compression({
        include: /\.(js|mjs|css|svg|json|txt|webmanifest|map)$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
      }),
    !isSsrBuild && chunkGraphCheck(),
    isSsrBuild && compressRouteManifest(fileURLToPath(new URL('./build/client/assets', import.meta.url))),
  ],
}));
