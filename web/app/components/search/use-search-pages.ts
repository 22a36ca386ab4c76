/**
 * A tab's results a page at a time: the first page from the route's loader, more from
 * GET /resources/search with the cursor the last page returned (X-Next-Cursor). A new first page
 * (another query or tab) starts over.
 */
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { searchPageUrl, type SearchPage, type SearchPageData } from './types';

type ListPage = Exclude<SearchPage, { type: 'posts' }>;

export function useSearchPages<P extends ListPage>(first: P, q: string, keyOf: (item: P['items'][number]) => string | number) {
  const [more, setMore] = useState<{ items: P['items']; nextCursor: string | null }>({ items: [], nextCursor: first.nextCursor });
  const [requested, setRequested] = useState<string | null>(null);
  useEffect(() => {
    setMore({ items: [], nextCursor: first.nextCursor });
    setRequested(null);
  }, [first]);

  const fetcher = useFetcher<SearchPageData>();
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok || answer.page.type !== first.type) return;
    const page = answer.page as P;
    setMore((current) => {
      // A ranked list pages by offset: a result that moved up a page is shown once.
      const known = new Set([...first.items, ...current.items].map(keyOf));
      const fresh = page.items.filter((item) => !known.has(keyOf(item)));
      return { items: [...current.items, ...fresh] as P['items'], nextCursor: page.nextCursor };
    });
  });

  const loading = fetcher.state !== 'idle';
  function load(auto: boolean) {
    const cursor = more.nextCursor;
    if (cursor === null || loading) return;
    // Scrolling asks for a page once: a failed page waits for the button (no request loop).
    if (auto && cursor === requested) return;
    setRequested(cursor);
    fetcher.load(searchPageUrl({ q, type: first.type, cursor }));
  }

  const error = !loading && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return { items: [...first.items, ...more.items] as P['items'], nextCursor: more.nextCursor, loading, error, load };
}
