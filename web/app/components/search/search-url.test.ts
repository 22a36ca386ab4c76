import { describe, expect, it } from 'vitest';
import { readSearchLocation, searchHref } from './search-url';

describe('search addresses', () => {
  it('reads the words trimmed and the tab, people by default or when unknown', () => {
    expect(readSearchLocation(new URLSearchParams('q=%20jollof%20rice%20&type=posts'))).toEqual({ q: 'jollof rice', type: 'posts' });
    expect(readSearchLocation(new URLSearchParams('q=ada'))).toEqual({ q: 'ada', type: 'people' });
    expect(readSearchLocation(new URLSearchParams('q=ada&type=pages'))).toEqual({ q: 'ada', type: 'people' });
    expect(readSearchLocation(new URLSearchParams(''))).toEqual({ q: '', type: 'people' });
  });

  it('builds links that read back the same', () => {
    const location = { q: 'suya & #pepper', type: 'hashtags' } as const;
    const href = searchHref(location);
    expect(href).toBe('/search?q=suya+%26+%23pepper&type=hashtags');
    expect(readSearchLocation(new URL(href, 'http://kora.test').searchParams)).toEqual(location);
  });
});
