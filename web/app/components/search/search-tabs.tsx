/**
 * The tabs of /search: real links (`?q=&type=`), so each tab opens by itself, works before scripts
 * load and is reached with Tab like any link; the open one says so (aria-current). A row that does
 * not fit a phone scrolls sideways instead of widening the page.
 */
import { SEARCH_TAB_LABELS, SEARCH_TYPES, searchScreenTexts, type SearchType } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { cn } from '~/utils/misc';
import { searchHref } from './search-url';

export function SearchTabs({ q, current }: { q: string; current: SearchType }) {
  return (
    <nav aria-label={searchScreenTexts.searchResults} className="overflow-x-auto border-b border-slate-200 px-2">
      <ul className="flex">
        {SEARCH_TYPES.map((type) => (
          <li key={type} className="shrink-0">
            <Link
              to={searchHref({ q, type })}
              preventScrollReset
              aria-current={type === current ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex items-center whitespace-nowrap border-b-[3px] px-3 pb-2.5 pt-3 text-sm font-semibold sm:px-4',
                type === current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {SEARCH_TAB_LABELS[type]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
