import type { z } from 'zod';

/** The numbered-page answer every admin table shares (contracts `adminPageOf`): page from 1. */
export function pageOf<T>(items: T[], total: number, page: number, limit: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { items, total, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}

/**
 * A page schema carrying an example built from its item's (the contracts' `adminPageOf` has none),
 * so the API docs show a whole answer.
 */
export function withPageExample<T extends z.ZodType>(page: T, item: z.ZodType): T {
  const example = item.meta()?.example;
  return page.meta({ example: { items: [example], total: 1, totalPages: 1, hasPrev: false, hasNext: false } }) as T;
}
