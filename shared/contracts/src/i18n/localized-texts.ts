/**
 * A module's texts, written in English where they are used and read in the current language
 * (decision 045). Each entry is one of:
 *   - a plain text: read through a getter, so the same `friendTexts.userNotFound` is English in a
 *     service and Pidgin on a Pidgin member's page;
 *   - `template('At most {{max}} characters', (max: number) => ({ max }))`: a function whose text
 *     translators see whole, with named placeholders;
 *   - `plural({ one: '{{count}} code left.', other: '{{count}} codes left.' }, (n: number) => ({ count: n }))`;
 *   - any other function, kept as written (it composes the entries above; it holds no text itself).
 * The English entries are registered as the namespace's catalog, which `npm run locales` writes out
 * for translators (src/locales/en).
 */
import { currentLanguage } from './current-locale.js';
import { registerCatalog, translate, type Catalog } from './engine.js';

type Values = Record<string, string | number>;

const TEXT_FORMS = Symbol('text forms');

interface TextFormat<A extends unknown[]> {
  readonly [TEXT_FORMS]: Catalog;
  readonly values: (...args: A) => Values;
}

export function template<A extends unknown[]>(text: string, values: (...args: A) => Values): TextFormat<A> {
  return { [TEXT_FORMS]: { '': text }, values };
}

/** English has one and other; a catalog answers the forms its own language needs. */
export function plural<A extends unknown[]>(
  forms: { one: string; other: string },
  values: (...args: A) => Values & { count: number },
): TextFormat<A> {
  return { [TEXT_FORMS]: { _one: forms.one, _other: forms.other }, values };
}

type Entry = string | TextFormat<never> | ((...args: never[]) => string);

export type LocalizedTexts<D> = {
  readonly [K in keyof D]: D[K] extends TextFormat<infer A> ? (...args: A) => string : D[K] extends string ? string : D[K];
};

function isFormat(entry: unknown): entry is TextFormat<unknown[]> {
  return typeof entry === 'object' && entry !== null && TEXT_FORMS in entry;
}

export function localizedTexts<const D extends Record<string, Entry>>(namespace: string, entries: D): LocalizedTexts<D> {
  const english: Catalog = {};
  const texts: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(entries)) {
    if (typeof entry === 'string') {
      english[key] = entry;
      Object.defineProperty(texts, key, {
        enumerable: true,
        get: () => {
          const language = currentLanguage();
          return language === 'en' ? entry : translate(language, namespace, key);
        },
      });
    } else if (isFormat(entry)) {
      for (const [suffix, text] of Object.entries(entry[TEXT_FORMS])) english[key + suffix] = text;
      texts[key] = (...args: unknown[]) => translate(currentLanguage(), namespace, key, entry.values(...args));
    } else {
      texts[key] = entry;
    }
  }
  registerCatalog('en', namespace, english);
  return Object.freeze(texts) as LocalizedTexts<D>;
}
