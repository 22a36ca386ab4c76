/**
 * A group's members or join requests, a page at a time: the first page from the route's loader
 * (fresh after every action, which revalidates the group's page), more pages from
 * GET /resources/groups with the keyset cursor the last page returned.
 */
import { useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { GROUPS_RESOURCE, type GroupPageData } from './types';

export interface PeoplePage<T> {
  items: T[];
  nextCursor: string | null;
}

export function usePeoplePages<T extends { userId: number }>(first: PeoplePage<T>, list: 'members' | 'requests', groupId: number) {
  const [more, setMore] = useState<PeoplePage<T>>({ items: [], nextCursor: first.nextCursor });
  useEffect(() => setMore({ items: [], nextCursor: first.nextCursor }), [first]);

  const fetcher = useFetcher<GroupPageData>();
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok || answer.list !== list) return;
    const page = answer as unknown as PeoplePage<T>;
    setMore((current) => {
      const known = new Set([...first.items, ...current.items].map((person) => person.userId));
      return { items: [...current.items, ...page.items.filter((person) => !known.has(person.userId))], nextCursor: page.nextCursor };
    });
  });

  function loadMore() {
    if (more.nextCursor === null) return;
    fetcher.load(`${GROUPS_RESOURCE}?${new URLSearchParams({ list, groupId: String(groupId), cursor: more.nextCursor })}`);
  }

  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return { items: [...first.items, ...more.items], nextCursor: more.nextCursor, loading: fetcher.state !== 'idle', error, loadMore };
}
