/**
 * The gate for offering a language: its catalog has exactly English's keys (each plural in the
 * forms its language needs), the same placeholders, and no empty text; and the English catalogs on
 * disk, which translators work from, are what the texts modules say.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogOf, namespacesOf, type Catalog } from './engine.js';
import { OFFERED_LANGUAGES } from './languages.js';
import { loadLanguage } from './load-language.js';
import { catalogJson, languageIndex, LOCALES_DIR } from './write-catalogs.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** The keys a language's catalog must hold for English's `catalog`: plural keys in its own forms. */
function expectedKeys(language: string, catalog: Catalog): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of Object.keys(catalog)) {
    if (PLURAL.test(key)) for (const form of forms) keys.add(key.replace(PLURAL, `_${form}`));
    else keys.add(key);
  }
  return [...keys].sort();
}

describe('catalogs', () => {
  const namespaces = namespacesOf('en').sort();

  it('the English catalogs on disk are the texts modules (run `npm run locales` after changing a text)', async () => {
    const files = (await readdir(path.join(LOCALES_DIR, 'en'))).filter((f) => f.endsWith('.json')).sort();
    expect(files).toEqual(namespaces.map((ns) => `${ns}.json`));
    for (const ns of namespaces) {
      expect(await readFile(path.join(LOCALES_DIR, 'en', `${ns}.json`), 'utf8'), ns).toBe(catalogJson(catalogOf('en', ns)!));
    }
  });

  for (const language of OFFERED_LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      it('indexes a catalog for every namespace', async () => {
        expect(await readFile(path.join(LOCALES_DIR, language, 'index.ts'), 'utf8')).toBe(languageIndex(namespaces));
      });

      it('has every key English has, no other, with the same placeholders and no empty text', async () => {
        await loadLanguage(language);
        const problems: string[] = [];
        for (const ns of namespaces) {
          const english = catalogOf('en', ns)!;
          const translated = catalogOf(language, ns) ?? {};
          const wanted = expectedKeys(language, english);
          for (const key of wanted) if (!(key in translated)) problems.push(`${ns}:${key} missing`);
          for (const key of Object.keys(translated)) if (!wanted.includes(key)) problems.push(`${ns}:${key} not in English`);
          for (const [key, text] of Object.entries(translated)) {
            if (!text.trim()) problems.push(`${ns}:${key} empty`);
            const source = english[key] ?? english[key.replace(PLURAL, '_other')] ?? '';
            if (source && placeholders(source).join() !== placeholders(text).join()) problems.push(`${ns}:${key} placeholders differ`);
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
