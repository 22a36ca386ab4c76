/**
 * The import graph of the repository's TypeScript, read by dependency-cruiser: the circles in it
 * and the local imports it could not follow (a circle behind one of those would go unseen).
 * Type-only imports count: a circle of types still ties the modules into one unit to understand.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** web/'s `~/*` alias is the only tsconfig path in the repository; packages resolve by their exports. */
const TS_CONFIG = path.join(ROOT, 'web', 'tsconfig.json');

/**
 * The web's tsconfig as dependency-cruiser reads it, with the baseUrl its paths resolver needs: the
 * file has none since TypeScript 7 dropped the option (decision 038), and its paths are relative to
 * its own folder, which is what baseUrl "." said.
 */
function webTsConfig() {
  const parsed = extractTSConfig(TS_CONFIG);
  return { ...parsed, options: { ...parsed.options, baseUrl: path.dirname(TS_CONFIG) } };
}

export interface ImportGraph {
  modules: number;
  /** Each circle as the chain of files, starting and ending with the same one. */
  cycles: string[][];
  /** `file → specifier` for relative, `~/` and `@kora/` imports that resolve to nothing. */
  unresolved: string[];
}

const LOCAL = /^(\.|~\/|@kora\/)/;

/** `dirs` relative to the repository. */
export async function readImportGraph(dirs: string[]): Promise<ImportGraph> {
  const reporting = await cruise(
    dirs,
    {
      // Paths in, out and in the filters are relative to the repository, wherever vitest runs.
      baseDir: ROOT,
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: TS_CONFIG },
      exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^web/build/', '(^|/)\\.cache/'] },
      doNotFollow: { path: 'node_modules' },
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'require', 'node', 'default', 'types'],
        extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js'],
      },
    },
    {},
    { tsConfig: webTsConfig() },
  );
  const result = reporting.output as ICruiseResult;
  const cycles = result.summary.violations
    .filter((violation) => violation.rule.name === 'no-circular')
    .map((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]);
  const unresolved = result.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => dependency.couldNotResolve && LOCAL.test(dependency.module))
      .map((dependency) => `${module.source} → ${dependency.module}`),
  );
  return { modules: result.modules.length, cycles, unresolved };
}
