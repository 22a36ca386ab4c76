/** The numbered-page answer every admin table shares (contracts `adminPageOf`): page from 1. */
export function pageOf<T>(items: T[], total: number, page: number, limit: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { items, total, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}
