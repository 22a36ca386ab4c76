/**
 * Adds a language's whole catalog to the engine. Each language is its own module, so a browser
 * downloads the one its member reads (English is in the texts modules themselves).
 */
import { registerCatalog, type Catalog } from './engine.js';
import type { OfferedLanguage } from './languages.js';

const catalogs: Record<Exclude<OfferedLanguage, 'en'>, () => Promise<{ catalog: Record<string, Catalog> }>> = {
  pcm: () => import('../locales/pcm/index.js'),
};

const loaded = new Set<string>(['en']);

export async function loadLanguage(language: string): Promise<void> {
  if (loaded.has(language) || !(language in catalogs)) return;
  const { catalog } = await catalogs[language as keyof typeof catalogs]();
  for (const [namespace, texts] of Object.entries(catalog)) registerCatalog(language, namespace, texts);
  loaded.add(language);
}
