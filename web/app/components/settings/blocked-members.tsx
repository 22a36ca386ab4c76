/**
 * Settings → Privacy → Blocked (decision 036): the members the member blocked, most recent first,
 * a page at a time (Load more), each with Unblock; "You haven't blocked anyone." when there are none.
 * Pages are read with plain fetch, so an unblock (a fetcher submission, decision 031) does not read
 * them all again: the unblocked member simply leaves the list.
 */
import { safetyTexts, settingsScreenTexts, uiTexts, type BlockedMember } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { BanIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Avatar } from '~/components/avatar';
import { MemberName } from '~/components/member-name';
import { BLOCKS_RESOURCE } from '~/components/safety/resource';
import type { BlockActionData, BlockedPage } from '~/components/safety/types';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { Spinner } from '~/components/ui/spinner';
import { useToast } from '~/components/ui/toast';
import { avatarSrc } from '~/utils/media';
import { resourceJson } from '~/utils/resource-json';
import { useFetcherResult } from '~/utils/use-fetcher-result';

type Pages =
  { state: 'loading' } | { state: 'error'; error: string } | { state: 'ready'; members: BlockedMember[]; nextCursor: string | null };

export function BlockedMembers() {
  const [pages, setPages] = useState<Pages>({ state: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void resourceJson<BlockedPage>(BLOCKS_RESOURCE, {}, safetyTexts.fetchBlockedFailed).then((result) => {
      if (!current) return;
      setPages(result.ok ? { state: 'ready', ...result.data } : { state: 'error', error: result.error });
    });
    return () => {
      current = false;
    };
  }, []);

  async function loadMore(cursor: string) {
    setLoadingMore(true);
    setMoreError(null);
    const result = await resourceJson<BlockedPage>(
      `${BLOCKS_RESOURCE}?${new URLSearchParams({ cursor })}`,
      {},
      safetyTexts.fetchBlockedFailed,
    );
    setLoadingMore(false);
    if (!result.ok) return setMoreError(result.error);
    setPages((now) => {
      if (now.state !== 'ready') return now;
      const known = new Set(now.members.map((m) => m.id));
      return {
        state: 'ready',
        members: [...now.members, ...result.data.members.filter((m) => !known.has(m.id))],
        nextCursor: result.data.nextCursor,
      };
    });
  }

  const unblocked = (userId: number) =>
    setPages((now) => (now.state === 'ready' ? { ...now, members: now.members.filter((m) => m.id !== userId) } : now));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{safetyTexts.blockedTitle}</CardTitle>
      </CardHeader>
      <CardBody>
        {pages.state === 'loading' ? (
          <div className="flex justify-center py-4">
            <Spinner label={settingsScreenTexts.loadingBlocked} />
          </div>
        ) : pages.state === 'error' ? (
          <Alert>{pages.error}</Alert>
        ) : pages.members.length === 0 && pages.nextCursor === null ? (
          <EmptyState icon={BanIcon} title={safetyTexts.noBlocked} className="py-6" />
        ) : (
          <div className="space-y-3">
            <ul aria-label={safetyTexts.blockedTitle} className="divide-y divide-slate-100">
              {pages.members.map((member) => (
                <BlockedRow key={member.id} member={member} onUnblocked={unblocked} />
              ))}
            </ul>
            {moreError ? <Alert>{moreError}</Alert> : null}
            {pages.nextCursor !== null ? (
              <div className="flex justify-center">
                {loadingMore ? (
                  <Spinner label={settingsScreenTexts.loadingMoreBlocked} />
                ) : (
                  <Button variant="secondary" onClick={() => void loadMore(pages.nextCursor!)}>
                    {uiTexts.loadMore}
                  </Button>
                )}
              </div>
            ) : null}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function BlockedRow({ member, onUnblocked }: { member: BlockedMember; onUnblocked: (userId: number) => void }) {
  const fetcher = useFetcher<BlockActionData>();
  const { toast } = useToast();
  useFetcherResult(
    fetcher,
    (answer) => {
      if (!answer.ok) return toast({ title: answer.error, variant: 'error' });
      toast({ title: safetyTexts.unblocked, variant: 'success' });
      onUnblocked(member.id);
    },
    { whileReloading: true },
  );
  return (
    <li aria-label={member.name} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Avatar name={member.name} src={avatarSrc(member.profileImage)} className="size-10" />
      <div className="min-w-0 flex-1">
        <MemberName name={member.name} username={member.user_name} withHandle stacked />
      </div>
      <fetcher.Form method="post" action={BLOCKS_RESOURCE}>
        <input type="hidden" name="intent" value="unblock" />
        <input type="hidden" name="userId" value={member.id} />
        <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== 'idle'}>
          {safetyTexts.unblock}
        </Button>
      </fetcher.Form>
    </li>
  );
}
