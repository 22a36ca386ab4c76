/** The numbered pages of the admin tables (decision 024): `{ items, total, totalPages, hasPrev, hasNext }`. */
import type { z } from 'zod';

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

/**
 * A numbered-page schema showing an example answer (the API docs show one for every success
 * answer; contracts' `adminPageOf` gives none of its own): one page holding the item's example.
 */
export function withPageExample<T extends z.ZodType>(page: T, item: z.ZodType): T {
  const example = item.meta()?.example;
  return page.meta({ example: { items: [example], total: 1, totalPages: 1, hasPrev: false, hasNext: false } }) as T;
}
