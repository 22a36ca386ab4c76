import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { compressRouteManifest } from './vite-manifest-compression';

declare module '@remix-run/node' {
  // Lets useLoaderData/useActionData infer types from `data()` under single fetch.
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Chunks named for what they hold. Without them Rollup names a shared chunk after one of its
 * modules: React's was `use-now`, the i18n engine's `admin-texts` (it was put into the first manual
 * chunk that used it).
 */
const MANUAL_CHUNKS: [RegExp, string][] = [
  [
    /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/(react|router|server-runtime)|turbo-stream)\//,
    'react',
  ],
  [/\/node_modules\/i18next\/|\/shared\/contracts\/src\/i18n\//, 'i18n'],
  // A language's catalogs load only for its readers (load-language.ts); left to the merge of small
  // chunks, they were folded into a chunk every page loads, with 24 KiB of Pidgin for everyone.
  [/\/shared\/contracts\/src\/locales\/pcm\//, 'catalog-pcm'],
  [/\/shared\/contracts\/src\/api\/wallet-texts\.ts$/, 'wallet-texts'],
  [/\/shared\/contracts\/src\/api\/admin-texts\.ts$/, 'admin-texts'],
  [/\/shared\/contracts\/src\/api\/messages-texts\.ts$/, 'messages-texts'],
];

function manualChunks(id: string): string | undefined {
  return MANUAL_CHUNKS.find(([pattern]) => pattern.test(id))?.[1];
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
    // Chunks under 12 KB are merged into the chunks that load with them (only where that changes no
    // code a page runs): a page then asks for fewer files, each of which costs its own headers and
    // request (the home feed went from 33 files to 16). Measured with the Stories card (decision
    // 022): 12 KB against 8 KB, home 147.8 KB vs 150.2, groups 146.1 vs 147.2, reels 142.9 vs 144.0,
    // a profile 159.7 vs 157.6.
    //
    // The wallet's texts and plans get a chunk of their own (no dependencies, no side effects): only
    // the wallet, payments, checkout and packages pages use them, and the merge above had folded
    // them into the chunk every page loads with the not-found page (decision 023). The back office's
    // texts and lists likewise (decision 024): only the /admin pages use them. The messages screens'
    // texts likewise (decision 039): the top bar's badge and the Message buttons use only
    // messages-link-texts.ts.
    rollupOptions: isSsrBuild
      ? {}
      : {
          // A texts module's only top-level work is building its texts (decision 045): unused, it
          // can go, and it may be merged like any module without side effects.
          treeshake: { manualPureFunctions: ['localizedTexts', 'template', 'plural', 'localizedLabels'] },
          output: {
            experimentalMinChunkSize: 12 * 1024,
            manualChunks,
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
    isSsrBuild && compressRouteManifest(fileURLToPath(new URL('./build/client/assets', import.meta.url))),
  ],
}));
