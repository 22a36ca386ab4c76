import { shellTexts } from '@kora/contracts';
import { Form, useLocation, useSearchParams } from '@remix-run/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { SearchIcon } from 'lucide-react';
import { SEARCH_PATH } from '~/components/search/search-url';
import { cn } from '~/utils/misc';

/**
 * The top-bar search: a plain GET form to /search (it works before scripts load). On /search the
 * box keeps the query shown, and the tab: searching again stays on the tab being read. A blank
 * search goes nowhere.
 */
export function SearchBox({ siteName, className, autoFocus }: { siteName: string; className?: string; autoFocus?: boolean }) {
  const id = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = pathname === SEARCH_PATH;
  const shown = onSearchPage ? (params.get('q') ?? '') : '';
  const [query, setQuery] = useState(shown);
  // Another search (a tab, the back button) shows its own query; leaving /search clears the box.
  useEffect(() => setQuery(shown), [shown]);
  const type = onSearchPage ? params.get('type') : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!query.trim()) event.preventDefault();
  }

  return (
    <Form method="get" action={SEARCH_PATH} role="search" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {shellTexts.searchSite(siteName)}
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
      <input
        id={id}
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={shellTexts.searchSite(siteName)}
        autoComplete="off"
        enterKeyHint="search"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the member just opened the search row
        autoFocus={autoFocus}
        className="h-10 w-full rounded-full border border-transparent bg-slate-100 pl-9 pr-4 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      {type ? <input type="hidden" name="type" value={type} /> : null}
    </Form>
  );
}
