/**
 * The Groups tab: one row per group found — picture, title, member count and privacy — linking to
 * the group's page (which has the join button: search answers carry no join state, decision 025).
 */
import { memberCount, searchScreenTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { GroupPicture } from '~/components/groups/group-picture';
import { PrivacyLabel } from '~/components/groups/privacy-label';
import { LoadMore } from '~/components/posts/load-more';
import type { SearchPage } from './types';
import { useSearchPages } from './use-search-pages';

export function GroupResults({ page, q }: { page: Extract<SearchPage, { type: 'groups' }>; q: string }) {
  const { items, nextCursor, loading, error, load } = useSearchPages(page, q, (group) => group.group_id);
  return (
    <div className="space-y-3">
      <ul aria-label={searchScreenTexts.groups} className="divide-y divide-slate-100">
        {items.map((group) => (
          <li key={group.group_id}>
            <Link to={`/groups/${group.group_id}`} className="group flex items-center gap-3 px-4 py-3 hover:bg-slate-50">
              <GroupPicture
                title={group.group_title}
                picture={group.group_picture}
                className="size-14 shrink-0 rounded-lg"
                initialClassName="text-xl"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-slate-900 group-hover:underline">{group.group_title}</span>
                <span className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                  <span>{memberCount(group.group_members)}</span>
                  <span aria-hidden="true">·</span>
                  <PrivacyLabel privacy={group.privacy} />
                </span>
                {group.group_description ? <span className="line-clamp-1 text-sm text-slate-500">{group.group_description}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {nextCursor !== null ? (
        <LoadMore cursor={nextCursor} loading={loading} error={error} onLoad={load} loadingLabel={searchScreenTexts.loadingMoreGroups} />
      ) : null}
    </div>
  );
}
