import { describe, expect, it } from 'vitest';
import { GRID_COLUMNS, previewColumns } from './media-grid';

describe('previewColumns', () => {
  it('uses 2 to 4 columns for photos by how many there are', () => {
    expect([1, 2, 3, 4, 9].map((count) => previewColumns('image', count))).toEqual([2, 2, 3, 4, 4]);
  });

  it('uses 1 or 2 columns for videos', () => {
    expect([1, 2, 5].map((count) => previewColumns('video', count))).toEqual([1, 2, 2]);
  });

  it('has a whole Tailwind class for every column count', () => {
    expect(GRID_COLUMNS[previewColumns('image', 3)]).toBe('grid-cols-3');
  });
});
