/**
 * The one i18next instance behind every text (decision 045): English is registered by each texts
 * module as it loads; other languages are added whole by `loadLanguage`. i18next does the lookup,
 * the fallback to English for a key a catalog lacks, interpolation and plurals.
 */
import i18next, { type TOptions } from 'i18next';

export type Catalog = Record<string, string>;

const engine = i18next.createInstance();
void engine.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {},
  initAsync: false,
  // Keys are plain names and texts are plain text: no nesting, no namespaces in keys, no HTML escaping
  // (React escapes what it renders; e-mails escape their own).
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function registerCatalog(language: string, namespace: string, catalog: Catalog): void {
  engine.addResourceBundle(language, namespace, catalog, true, true);
}

/** Takes a namespace back out of every language (a test's own sample, so other tests never see it). */
export function forgetNamespace(namespace: string): void {
  for (const language of Object.keys(engine.store.data)) engine.removeResourceBundle(language, namespace);
}

export function catalogOf(language: string, namespace: string): Catalog | undefined {
  return engine.getResourceBundle(language, namespace) as Catalog | undefined;
}

export function namespacesOf(language: string): string[] {
  return Object.keys(engine.store.data[language] ?? {});
}

export function translate(language: string, namespace: string, key: string, values?: TOptions): string {
  const text: string = engine.t(key, { ...values, lng: language, ns: namespace, returnObjects: false });
  return text;
}
