/** The numbered pages of the admin tables (decision 024): `{ items, total, totalPages, hasPrev, hasNext }`. */

export interface NumberedPage<T> {
  items: T[];
  total: number;
  totalPages: number;
  hasPrev: boolean;
  hasNext: boolean;
}

/** An empty table still has one (empty) page, as the admin service's tables answer. */
export function numberedPage<T>(items: T[], total: number, page: number, limit: number): NumberedPage<T> {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { items, total, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}

/** `text` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
