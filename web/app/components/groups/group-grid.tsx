/**
 * The Groups page's cards, a page at a time (docs/product/groups.md): the first page from the
 * route's loader, then "Load more" while there is a next cursor (each page appended, asked with the
 * cursor the last one returned), then "You've reached the end"; "No data to show" when the tab has
 * nothing. A page that fails to load toasts "Load failed" / "Failed to load groups" and keeps the
 * button.
 */
import { groupScreenTexts, groupTexts, type GroupItem, type GroupTab } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { UsersRoundIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { Spinner } from '~/components/ui/spinner';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { GroupCard } from './group-card';
import { GROUPS_RESOURCE, type GroupPageData } from './types';

export interface GroupsPage {
  items: GroupItem[];
  nextCursor: number | null;
}

function pageUrl(tab: GroupTab, q: string, cursor: number): string {
  const params = new URLSearchParams({ list: 'groups', tab, cursor: String(cursor) });
  if (q) params.set('q', q);
  return `${GROUPS_RESOURCE}?${params}`;
}

export function GroupGrid({ first, tab, q }: { first: GroupsPage; tab: GroupTab; q: string }) {
  const [more, setMore] = useState<GroupsPage>({ items: [], nextCursor: first.nextCursor });
  const { toast } = useToast();
  // A new first page (another tab or search) starts the list again from it.
  useEffect(() => setMore({ items: [], nextCursor: first.nextCursor }), [first]);

  const fetcher = useFetcher<GroupPageData>();
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok && answer.list === 'groups') {
      setMore((current) => {
        const known = new Set([...first.items, ...current.items].map((group) => group.group_id));
        return { items: [...current.items, ...answer.items.filter((group) => !known.has(group.group_id))], nextCursor: answer.nextCursor };
      });
    } else if (!answer.ok) {
      toast({ title: groupTexts.loadFailedToast, description: groupTexts.loadFailed, variant: 'error' });
    }
  });

  const items = [...first.items, ...more.items];
  const loading = fetcher.state !== 'idle';
  if (items.length === 0 && more.nextCursor === null) {
    return (
      <Card>
        <EmptyState icon={UsersRoundIcon} title={groupTexts.empty} />
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <ul aria-label={groupScreenTexts.groupsList} aria-busy={loading || undefined} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {items.map((group) => (
          <li key={group.group_id} className="flex min-w-0">
            <GroupCard group={group} tab={tab} />
          </li>
        ))}
      </ul>
      <div className="flex justify-center py-2">
        {more.nextCursor === null ? (
          <p className="text-sm text-slate-600">{groupTexts.reachedEnd}</p>
        ) : loading ? (
          <Spinner label={groupScreenTexts.loadingMoreGroups} />
        ) : (
          <Button variant="secondary" onClick={() => fetcher.load(pageUrl(tab, q, more.nextCursor!))}>
            {groupTexts.loadMore}
          </Button>
        )}
      </div>
    </div>
  );
}
