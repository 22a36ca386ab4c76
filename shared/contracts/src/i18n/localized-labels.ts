/**
 * A choice's labels (an enum value → its text), read when used, in the current language (decision
 * 045): a plain object of strings would hold the English it was built with forever.
 */

/** The keys of `T` whose texts are plain strings (not templates or plurals). */
export type PlainTextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export function localizedLabels<T, V extends string>(texts: T, keys: Record<V, PlainTextKey<T>>): Readonly<Record<V, string>> {
  const labels = {} as Record<V, string>;
  for (const [value, key] of Object.entries(keys) as [V, PlainTextKey<T>][]) {
    Object.defineProperty(labels, value, { enumerable: true, get: () => texts[key] });
  }
  return Object.freeze(labels);
}
