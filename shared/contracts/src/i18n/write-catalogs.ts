/**
 * `npm run locales`: writes every namespace's English catalog (src/locales/en/<namespace>.json,
 * from the texts modules, which are the source) for translators' tools, and for every other
 * offered language an index of its catalogs, adding an empty catalog for a new namespace. The
 * catalogs test fails while any of them is out of date or incomplete.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import '../index.js';
import { catalogOf, namespacesOf } from './engine.js';
import { OFFERED_LANGUAGES } from './languages.js';

export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

export const catalogJson = (catalog: object) => `${JSON.stringify(catalog, null, 2)}\n`;

/** The index module of a language's catalogs, one import per namespace. */
export function languageIndex(namespaces: string[]): string {
  const name = (ns: string) => ns.replace(/[^A-Za-z0-9]/g, '_');
  return [
    '// Written by `npm run locales`: one catalog per namespace.',
    ...namespaces.map((ns) => `import ${name(ns)} from './${ns}.json' with { type: 'json' };`),
    '',
    'export const catalog: Record<string, Record<string, string>> = {',
    ...namespaces.map((ns) => (name(ns) === ns ? `  ${ns},` : `  '${ns}': ${name(ns)},`)),
    '};',
    '',
  ].join('\n');
}

async function main() {
  const namespaces = namespacesOf('en').sort();
  await mkdir(path.join(LOCALES_DIR, 'en'), { recursive: true });
  for (const ns of namespaces) await writeFile(path.join(LOCALES_DIR, 'en', `${ns}.json`), catalogJson(catalogOf('en', ns) ?? {}));
  for (const language of OFFERED_LANGUAGES.filter((l) => l !== 'en')) {
    const dir = path.join(LOCALES_DIR, language);
    await mkdir(dir, { recursive: true });
    for (const ns of namespaces) {
      const file = path.join(dir, `${ns}.json`);
      await readFile(file).catch(() => writeFile(file, '{}\n'));
    }
    await writeFile(path.join(dir, 'index.ts'), languageIndex(namespaces));
  }
  console.log(`locales: ${namespaces.length} namespaces written`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
