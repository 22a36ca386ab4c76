import { useId, useState, type FormEvent } from 'react';
import { SearchIcon } from '~/components/icons';
import { cn } from '~/utils/misc';

/**
 * The top-bar search. The spec shows no results screen: submitting only logs the text
 * (member-side §2 "Top bar"). The search issue will give it a destination.
 */
export function SearchBox({ siteName, className, autoFocus }: { siteName: string; className?: string; autoFocus?: boolean }) {
  const id = useId();
  const [query, setQuery] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = query.trim();
    if (text) console.log('Search:', text);
  }

  return (
    <form role="search" onSubmit={onSubmit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search {siteName}
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
      <input
        id={id}
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={`Search ${siteName}`}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the member just opened the search row
        autoFocus={autoFocus}
        className="h-10 w-full rounded-full border border-transparent bg-slate-100 pl-9 pr-4 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
    </form>
  );
}
