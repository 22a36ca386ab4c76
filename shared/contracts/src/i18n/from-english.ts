/**
 * A text the services wrote in English (their refusals and notices: the API's language for
 * integrators, decision 045), read again in the current language: recognised among the English
 * catalogs, a template's values taken from it, and written with the current language's catalog.
 * A text no catalog has is kept as it is.
 */
import { currentLanguage } from './current-locale.js';
import { catalogOf, namespacesOf, translate } from './engine.js';

interface Known {
  namespace: string;
  key: string;
}
interface Pattern extends Known {
  pattern: RegExp;
  plural: boolean;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{(\w+)\}\}/;
/** A template with fewer fixed characters than this ("Search {{site}}") would claim texts that are not it. */
const MIN_FIXED_CHARACTERS = 12;

let built: { namespaces: number; exact: Map<string, Known>; patterns: Pattern[] } | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An English template as a pattern capturing its placeholders by name. */
export function englishPattern(english: string): RegExp {
  const parts = english.split(/\{\{(\w+)\}\}/);
  const source = parts.map((part, index) => (index % 2 === 1 ? `(?<${part}>[\\s\\S]+?)` : escapeRegExp(part))).join('');
  return new RegExp(`^${source}$`);
}

function index() {
  const namespaces = namespacesOf('en');
  if (built?.namespaces === namespaces.length) return built;
  const exact = new Map<string, Known>();
  const patterns: Pattern[] = [];
  for (const namespace of namespaces) {
    for (const [key, text] of Object.entries(catalogOf('en', namespace) ?? {})) {
      const plural = PLURAL.test(key);
      const base = key.replace(PLURAL, '');
      if (PLACEHOLDER.test(text)) {
        if (text.replace(/\{\{\w+\}\}/g, '').trim().length >= MIN_FIXED_CHARACTERS) {
          patterns.push({ namespace, key: base, pattern: englishPattern(text), plural });
        }
      }
      // The first catalog to say a text is the one read (the same words mean the same thing).
      else if (!exact.has(text)) exact.set(text, { namespace, key });
    }
  }
  built = { namespaces: namespaces.length, exact, patterns };
  return built;
}

export function fromEnglish(text: string): string {
  const language = currentLanguage();
  if (language === 'en' || !text) return text;
  const { exact, patterns } = index();
  const known = exact.get(text);
  if (known) return translate(language, known.namespace, known.key);
  for (const { namespace, key, pattern, plural } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string | number> = { ...match.groups };
    if (plural && values.count !== undefined) values.count = Number(values.count);
    return translate(language, namespace, key, values);
  }
  return text;
}
