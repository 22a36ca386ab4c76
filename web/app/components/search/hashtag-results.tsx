/** The Hashtags tab: each tag found, with how many posts carry it, linking to its page. */
import { hashtagPath, searchScreenTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { HashIcon } from 'lucide-react';
import { LoadMore } from '~/components/posts/load-more';
import { hashtagPostCount } from './hashtag-count';
import type { SearchPage } from './types';
import { useSearchPages } from './use-search-pages';

export function HashtagResults({ page, q }: { page: Extract<SearchPage, { type: 'hashtags' }>; q: string }) {
  const { items, nextCursor, loading, error, load } = useSearchPages(page, q, (item) => item.tag);
  return (
    <div className="space-y-3">
      <ul aria-label={searchScreenTexts.hashtags} className="divide-y divide-slate-100">
        {items.map(({ tag, count }) => (
          <li key={tag}>
            <Link to={hashtagPath(tag)} className="group flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <HashIcon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-slate-900 group-hover:underline">#{tag}</span>
                <span className="block text-sm text-slate-500">{hashtagPostCount(count)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {nextCursor !== null ? (
        <LoadMore cursor={nextCursor} loading={loading} error={error} onLoad={load} loadingLabel={searchScreenTexts.loadingMoreHashtags} />
      ) : null}
    </div>
  );
}
