/**
 * Grid layouts for media (docs/product/posts-and-feed.md): composer previews use 2 to 4 columns for
 * photos and 1 to 2 for videos, by how many there are; a post shows one photo large and several in
 * two columns.
 */
export type MediaKind = 'image' | 'video';

export function previewColumns(kind: MediaKind, count: number): 1 | 2 | 3 | 4 {
  if (kind === 'video') return count > 1 ? 2 : 1;
  if (count >= 4) return 4;
  return count === 3 ? 3 : 2;
}

/** Whole class names (Tailwind only generates classes it finds written out in full). */
export const GRID_COLUMNS: Record<1 | 2 | 3 | 4, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
};
