// The distributed product's processes start from one bundled file each instead of through tsx's
// loader hooks, which cost about a CPU-second per start resolving and transforming a few hundred
// TypeScript modules (decision 027); the tests and the bench start and restart dozens of them.
//
// Only the workspace's own code (relative imports and the @kora/* packages) goes into a bundle. Every
// other package stays an import of the very file Node would have loaded from where it was imported
// (resolved here, kept external by its path), so each dependency is loaded once and unchanged. Each
// bundled file's `import.meta.url` is its own source file's, so paths relative to it (assets,
// createRequire) lead where they did.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT, mkdirp, rmrf } from './proc.mjs';

const RESOLVING = Symbol('resolving as Node would');
const WORKSPACE_SOURCE = /\.(c|m)?tsx?$/;

/** Keeps every non-workspace package external, at the path Node would load. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === RESOLVING || args.path.startsWith('@kora/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const found = await builder.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: RESOLVING,
      });
      // A built-in without its `node:` prefix, or an optional peer that is not installed: Node decides.
      return { path: found.errors.length > 0 || !found.path ? args.path : found.path, external: true };
    });
  },
};

/** Gives each workspace file its own `import.meta.url`, not the bundle's (the source read here is the one esbuild compiles). */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: WORKSPACE_SOURCE }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: path.extname(args.path).includes('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * Bundles `entries` (name → TypeScript file under the repository) into a directory of its own, one
 * ES module per name with its source map beside it. Returns the files by name and a `remove()`.
 */
export async function bundleEntries(entries) {
  const outdir = path.join(ROOT, '.tmp', 'bundles', `${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirp(outdir);
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.resolve(ROOT, file)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // Node's own choices: no bundler-only `module` condition or field.
    conditions: ['node'],
    mainFields: ['main'],
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalPackages, ownImportMetaUrl],
  });
  return {
    files: Object.fromEntries(Object.keys(entries).map((name) => [name, path.join(outdir, `${name}.mjs`)])),
    remove: () => rmrf(outdir),
  };
}

const bundledOnce = new Map();

/**
 * One entry bundled once per process, for a program a test process starts many times; the bundle is
 * removed when the process exits. Resolves to the bundle's path.
 */
export function bundleOnce(file) {
  if (!bundledOnce.has(file)) {
    const name = path.basename(file).replace(/\.[^.]+$/, '');
    bundledOnce.set(
      file,
      bundleEntries({ [name]: file }).then((bundles) => {
        process.once('exit', () => bundles.remove());
        return bundles.files[name];
      }),
    );
  }
  return bundledOnce.get(file);
}
