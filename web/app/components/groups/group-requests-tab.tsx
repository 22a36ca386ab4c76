/**
 * A group's Requests tab (owner and admins): who asked to join, oldest first, each with Approve and
 * Decline (toasts "Request approved" / "Request declined"). The page reloads after each answer, so
 * the row leaves and the header's count follows.
 */
import type { GroupDetail, GroupRequest } from '@kora/contracts';
import { UserPlusIcon } from '~/components/icons';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { SubmitButton } from '~/components/ui/submit-button';
import { PeopleLoadMore } from './people-load-more';
import { PersonRow } from './person-row';
import { groupPageTexts as texts } from './texts';
import { useGroupAction } from './use-group-action';
import { usePeoplePages, type PeoplePage } from './use-people-pages';

function RequestRow({ groupId, request }: { groupId: number; request: GroupRequest }) {
  const approve = useGroupAction();
  const decline = useGroupAction();
  const busy = approve.busy || decline.busy;
  const fields = { groupId, userId: request.userId };
  return (
    <PersonRow person={request}>
      <SubmitButton type="button" size="sm" busy={approve.busy} disabled={busy} onClick={() => approve.submit('approve', fields)}>
        {texts.approve}
      </SubmitButton>
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => decline.submit('decline', fields)}>
        {texts.decline}
      </Button>
    </PersonRow>
  );
}

export function GroupRequestsTab({ group, first }: { group: GroupDetail; first: PeoplePage<GroupRequest> }) {
  const pages = usePeoplePages(first, 'requests', group.group_id);
  if (pages.items.length === 0) {
    return (
      <Card>
        <EmptyState icon={UserPlusIcon} title={texts.noRequests} />
      </Card>
    );
  }
  return (
    <Card>
      <ul aria-label="Join requests" className="divide-y divide-slate-100">
        {pages.items.map((request) => (
          <RequestRow key={request.userId} groupId={group.group_id} request={request} />
        ))}
      </ul>
      <PeopleLoadMore nextCursor={pages.nextCursor} loading={pages.loading} error={pages.error} onLoad={pages.loadMore} />
    </Card>
  );
}
