/**
 * The one engine behind every text (decision 045; why it is not i18next: decision 046). English is
 * registered by each texts module as it loads; other languages are added whole by `loadLanguage`.
 * A lookup reads the language's catalog, then English's; a count picks the plural form its language
 * needs (`_one`, `_other`, ... by Intl's plural rules) before the plain key; `{{name}}` placeholders
 * are filled in as they are, unescaped (React escapes what it renders; e-mails escape their own).
 * The catalogs are i18next's JSON v4, so translators' tools read and write them unchanged.
 */
export type Catalog = Record<string, string>;

export type TextValues = Readonly<Record<string, string | number>>;

const catalogs = new Map<string, Map<string, Catalog>>();
const FALLBACK = 'en';
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Adds a namespace's texts to a language, a text already there replaced. */
export function registerCatalog(language: string, namespace: string, catalog: Catalog): void {
  let namespaces = catalogs.get(language);
  if (!namespaces) catalogs.set(language, (namespaces = new Map<string, Catalog>()));
  namespaces.set(namespace, { ...namespaces.get(namespace), ...catalog });
}

/** Takes a namespace back out of every language (a test's own sample, so other tests never see it). */
export function forgetNamespace(namespace: string): void {
  for (const namespaces of catalogs.values()) namespaces.delete(namespace);
}

export function catalogOf(language: string, namespace: string): Catalog | undefined {
  return catalogs.get(language)?.get(namespace);
}

export function namespacesOf(language: string): string[] {
  return [...(catalogs.get(language)?.keys() ?? [])];
}

const pluralRules = new Map<string, Intl.PluralRules | null>();

function pluralForm(language: string, count: number): string {
  if (!pluralRules.has(language)) {
    let rules: Intl.PluralRules | null = null;
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      // Not a language tag Intl takes: every count reads the `_other` form.
    }
    pluralRules.set(language, rules);
  }
  return pluralRules.get(language)?.select(count) ?? 'other';
}

function lookup(language: string, namespace: string, key: string, count: string | number | undefined): string | undefined {
  const catalog = catalogOf(language, namespace);
  if (!catalog) return undefined;
  if (typeof count === 'number') {
    const form = catalog[`${key}_${pluralForm(language, count)}`];
    if (form !== undefined) return form;
  }
  return catalog[key];
}

/** A text in `language` (English where its catalog lacks it; the key itself where no catalog has it). */
export function translate(language: string, namespace: string, key: string, values?: TextValues): string {
  const text =
    lookup(language, namespace, key, values?.count) ??
    (language === FALLBACK ? undefined : lookup(FALLBACK, namespace, key, values?.count)) ??
    key;
  if (!values) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) && values[name] !== undefined ? String(values[name]) : placeholder,
  );
}
