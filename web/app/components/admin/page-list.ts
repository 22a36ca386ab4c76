/**
 * Which page numbers the admin tables' pagination shows (docs/product/admin.md: First, Previous,
 * numbered pages with ellipses, Next, Last; every page when there are 7 or fewer). Kept apart from
 * the component so the rule is unit-tested on its own.
 */

/** A page number, or a gap (an ellipsis) between two shown numbers. */
export type PageSlot = number | 'gap';

/** At most this many slots (numbers and gaps): the product's "all pages when 7 or fewer". */
const SLOTS = 7;

/**
 * The slots for page `current` of `total`: all of them when total ≤ 7; otherwise the first and the
 * last page, the current page with its neighbours, and a gap where numbers are left out. The list
 * always has 7 slots then, so the buttons do not jump about as the admin pages through.
 */
export function pageSlots(current: number, total: number): PageSlot[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  if (total <= SLOTS) return Array.from({ length: total }, (_, i) => i + 1);
  // Near the start: 1 2 3 4 5 … N; near the end: 1 … N-4 N-3 N-2 N-1 N; else 1 … p-1 p p+1 … N.
  if (page <= 4) return [1, 2, 3, 4, 5, 'gap', total];
  if (page >= total - 3) return [1, 'gap', total - 4, total - 3, total - 2, total - 1, total];
  return [1, 'gap', page - 1, page, page + 1, 'gap', total];
}

/** "Showing a–b of total": the rows the page shows (0–0 of 0 when there are none). */
export function showingRange(page: number, pageSize: number, shown: number, total: number): { from: number; to: number } {
  if (shown <= 0 || total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(from + shown - 1, total) };
}

/**
 * `?…` with `changes` applied to the current query (`null` drops a key). Changing anything but the
 * page (filter, page size, search) goes back to page 1, as the product's tables do.
 */
export function withQuery(search: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  if (!('page' in changes)) params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '?';
}
