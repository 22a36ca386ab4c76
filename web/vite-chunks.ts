/**
 * How the browser build is cut into files (decision 046): chunks named for what they hold.
 *   - `react`: React, React DOM, the router and Remix's client, with everything they import, so that
 *     chunk imports nothing of ours (a chunk of ours that React's imported, and that imported React,
 *     ran a module before React had: the pages did not hydrate);
 *   - `i18n`, `catalog-pcm` and the texts only some pages read (wallet, admin, messages);
 *   - `app`: what the document needs on every page (root and the browser entry's imports);
 *   - `member-layout`: what the signed-in layout adds (top bar, menus, live notifications, ...);
 *   - `ui` and `feed`: the building blocks the home feed uses, then the rest of its code (post
 *     cards, the composer, the stories' card), which other member pages show too.
 * Each takes what its modules import and no chunk before it holds, so a chunk imports only chunks
 * made before it (no circles). Imports are followed through the modules that only re-export (the
 * `@kora/contracts` index, `lucide-react`) to the modules that hold what is imported: followed
 * whole, the index put every text of every page into the layout's chunk. Everything else is left to
 * Rollup (vite.config.ts): route modules keep their own chunks, code loaded on demand (`import()`)
 * its own, and what several pages share goes into a chunk per set of pages that load it.
 */
import type { ManualChunkMeta, ModuleInfo, PreRenderedChunk } from 'rollup';
import type { Plugin } from 'vite';

const REACT =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/(react|router|server-runtime)|turbo-stream)\//;

const NAMED: [RegExp, string][] = [
  [/\/shared\/contracts\/src\/i18n\//, 'i18n'],
  // A language's catalogs load only for its readers (load-language.ts): left to the merge of small
  // chunks, they were folded into a chunk every page loads, with 24 KiB of Pidgin for everyone.
  [/\/shared\/contracts\/src\/locales\/pcm\//, 'catalog-pcm'],
  // Texts only their own pages read: the wallet's (decision 023), the back office's (decision 024),
  // the messages screens' (decision 039; the top bar's badge reads messages-link-texts.ts).
  [/\/shared\/contracts\/src\/api\/wallet-texts\.ts$/, 'wallet-texts'],
  [/\/shared\/contracts\/src\/api\/admin-texts\.ts$/, 'admin-texts'],
  [/\/shared\/contracts\/src\/api\/messages-texts\.ts$/, 'messages-texts'],
];

const ROOT = /\/web\/app\/(root\.tsx|entry\.client\.tsx)$/;
const MEMBER_LAYOUT = /\/web\/app\/routes\/_app\.tsx$/;
const HOME_FEED = /\/web\/app\/routes\/_app\._index\.tsx$/;
const BUILDING_BLOCKS = /\/web\/app\/(components\/ui|utils)\//;
/** Rollup's and Vite's own helpers (CommonJS interop, preloading): they import nothing. */
const BUNDLER_HELPERS = /^\0(commonjsHelpers\.js|vite\/preload-helper)/;
const ROUTE_OR_ENTRY = /\/web\/app\/(routes\/|root\.tsx|entry\.client\.tsx)/;

type Node = {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: {
    type: string;
    imported?: { name?: string; value?: string };
    local?: { name?: string; value?: string };
    exported?: { name?: string; value?: string };
  }[];
  exported?: { name?: string; value?: string } | null;
};

const nameOf = (node?: { name?: string; value?: string }) => node?.name ?? node?.value ?? '';

/** The chunk of every module that goes into a named chunk, worked out once per build. */
function assignChunks(meta: ManualChunkMeta): Map<string, string> {
  const info = (id: string): ModuleInfo | null => meta.getModuleInfo(id);
  const body = (id: string): Node[] => (info(id)?.ast as { body?: Node[] } | null)?.body ?? [];

  // Which module each import or re-export names: the module's static imports, in the order they
  // are written (Rollup lists them so).
  const resolvedCache = new Map<string, Map<string, string> | null>();
  function resolved(id: string): Map<string, string> | null {
    if (resolvedCache.has(id)) return resolvedCache.get(id)!;
    const sources: string[] = [];
    for (const node of body(id)) {
      const source = node.source?.value;
      if (typeof source === 'string' && !sources.includes(source) && /^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type))
        sources.push(source);
    }
    const ids = info(id)?.importedIds ?? [];
    const map = sources.length === ids.length ? new Map(sources.map((source, i) => [source, ids[i]!])) : null;
    resolvedCache.set(id, map);
    return map;
  }

  /** The module that holds `name` among what `id` exports: itself, or one it re-exports from. */
  const holders = new Map<string, string | undefined>();
  function holder(id: string, name: string): string | undefined {
    const key = `${id}\n${name}`;
    if (holders.has(key)) return holders.get(key);
    holders.set(key, undefined); // a circle of re-exports holds nothing
    const found = findHolder(id, name);
    holders.set(key, found);
    return found;
  }
  function findHolder(id: string, name: string): string | undefined {
    const module = info(id);
    if (!module) return undefined;
    if (module.exportedBindings?.['.']?.includes(name)) return id;
    const ids = resolved(id);
    if (!ids) return id;
    for (const node of body(id)) {
      const target = typeof node.source?.value === 'string' ? ids.get(node.source.value) : undefined;
      if (!target) continue;
      if (node.type === 'ExportNamedDeclaration') {
        const spec = node.specifiers?.find((s) => nameOf(s.exported) === name);
        if (spec) return holder(target, nameOf(spec.local)) ?? target;
      } else if (node.type === 'ExportAllDeclaration') {
        if (node.exported) {
          if (nameOf(node.exported) === name) return target;
        } else {
          const found = holder(target, name);
          if (found) return found;
        }
      }
    }
    return undefined;
  }

  /**
   * The modules a module's own code needs: for each name it imports, the module that holds it (an
   * index it imports through is not needed itself); what it only re-exports is its importers' need.
   */
  function dependencies(id: string): readonly string[] {
    const ids = resolved(id);
    if (!ids) return info(id)?.importedIds ?? [];
    const needed: string[] = [];
    for (const node of body(id)) {
      if (node.type !== 'ImportDeclaration') continue;
      const target = ids.get(node.source!.value as string);
      if (!target) continue;
      if (!node.specifiers?.length) needed.push(target);
      for (const spec of node.specifiers ?? []) {
        if (spec.type === 'ImportNamespaceSpecifier') needed.push(target, ...(info(target)?.importedIds ?? []));
        else needed.push(holder(target, spec.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(spec.imported)) ?? target);
      }
    }
    return needed;
  }

  const chunks = new Map<string, string>();
  /** Claims for `chunk` what `roots` need and no earlier chunk holds; returns every module reached. */
  function claim(roots: string[], chunk: string | null, follow: (id: string) => readonly string[]): Set<string> {
    const reached = new Set<string>();
    const queue = [...roots];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (reached.has(id) || (chunks.has(id) && !roots.includes(id))) continue;
      reached.add(id);
      // Routes and the entry keep their own chunks; what they import is claimed.
      if (chunk && !ROUTE_OR_ENTRY.test(id)) chunks.set(id, chunk);
      queue.push(...follow(id));
    }
    return reached;
  }

  const ids = [...meta.getModuleIds()];
  claim(
    ids.filter((id) => REACT.test(id) || BUNDLER_HELPERS.test(id)),
    'react',
    (id) => info(id)?.importedIds ?? [],
  );
  for (const [pattern, chunk] of NAMED) {
    claim(
      ids.filter((id) => pattern.test(id)),
      chunk,
      dependencies,
    );
  }
  claim(
    ids.filter((id) => ROOT.test(id)),
    'app',
    dependencies,
  );
  claim(
    ids.filter((id) => MEMBER_LAYOUT.test(id)),
    'member-layout',
    dependencies,
  );
  // The home feed's code (post cards, the composer, the stories' card), which the profile, search
  // and group pages show too; the plain building blocks it uses (alerts, empty states, hooks) in a
  // chunk of their own first, so that a page that shows no posts does not load the feed's.
  const homeFeed = ids.filter((id) => HOME_FEED.test(id));
  claim(
    [...claim(homeFeed, null, dependencies)].filter((id) => BUILDING_BLOCKS.test(id)),
    'ui',
    dependencies,
  );
  claim(homeFeed, 'feed', dependencies);
  return chunks;
}

let assigned: { meta: ManualChunkMeta; chunks: Map<string, string> } | undefined;

export function manualChunks(id: string, meta: ManualChunkMeta): string | undefined {
  if (assigned?.meta.getModuleInfo !== meta.getModuleInfo) assigned = { meta, chunks: assignChunks(meta) };
  return assigned.chunks.get(id);
}

/** The package a module of node_modules belongs to (`@radix-ui/react-dialog` → `radix-ui-dialog`). */
function packageOf(id: string): string | undefined {
  const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
  return name?.replace(/^@([^/]+)\/(react-)?/, '$1-');
}

/**
 * Rollup names a chunk after one of its modules: a package's `index` or `dist` says nothing, so
 * such a chunk is named after the package its modules mostly come from.
 */
export function chunkFileNames(chunk: PreRenderedChunk): string {
  if (chunk.name !== 'index' && chunk.name !== 'dist') return 'assets/[name]-[hash].js';
  const counts = new Map<string, number>();
  for (const id of chunk.moduleIds) {
    const name = packageOf(id);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const [name] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['[name]'];
  return `assets/${name}-[hash].js`;
}

/**
 * Fails the build when the browser's chunks import each other in a circle, or React's chunk imports
 * one of ours: a module could then run before one it needs (decision 046).
 */
export function chunkGraphCheck(): Plugin {
  return {
    name: 'kora-chunk-graph-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        imports.set(file.fileName, file.imports);
        if (file.name === 'react' && file.imports.length > 0) this.error(`${file.fileName} imports ${file.imports.join(', ')}`);
      }
      const done = new Set<string>();
      const path: string[] = [];
      const visit = (file: string) => {
        if (path.includes(file)) this.error(`chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`);
        if (done.has(file)) return;
        path.push(file);
        for (const next of imports.get(file) ?? []) visit(next);
        path.pop();
        done.add(file);
      };
      for (const file of imports.keys()) visit(file);
    },
  };
}
