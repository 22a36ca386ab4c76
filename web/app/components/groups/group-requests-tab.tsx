/**
 * A group's Requests tab (owner and admins): who asked to join, oldest first, each with Approve and
 * Decline (toasts "Request approved" / "Request declined"). The page reloads after each answer, so
 * the row leaves and the header's count follows.
 */
import { type GroupDetail, type GroupRequest, groupScreenTexts as texts } from '@kora/contracts';
import { useState } from 'react';
import { UserPlusIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { SubmitButton } from '~/components/ui/submit-button';
import { PeopleLoadMore } from './people-load-more';
import { PersonRow } from './person-row';
import { useGroupAction } from './use-group-action';
import { usePeoplePages, type PeoplePage } from './use-people-pages';
import { groupPageAction } from './types';

function RequestRow({
  request,
  busy,
  onAnswer,
}: {
  request: GroupRequest;
  busy: 'approve' | 'decline' | null;
  onAnswer: (answer: 'approve' | 'decline') => void;
}) {
  return (
    <PersonRow person={request}>
      <SubmitButton type="button" size="sm" busy={busy === 'approve'} disabled={busy !== null} onClick={() => onAnswer('approve')}>
        {texts.approve}
      </SubmitButton>
      <Button variant="secondary" size="sm" disabled={busy !== null} onClick={() => onAnswer('decline')}>
        {texts.decline}
      </Button>
    </PersonRow>
  );
}

export function GroupRequestsTab({ group, first }: { group: GroupDetail; first: PeoplePage<GroupRequest> }) {
  const pages = usePeoplePages(first, 'requests', group.group_id);
  // One fetcher for the list, not one per row: the answered row leaves in the same render as the
  // answer arrives, and would take the toast with it.
  const action = useGroupAction(undefined, { action: groupPageAction(group.group_id) });
  const [answering, setAnswering] = useState<{ userId: number; answer: 'approve' | 'decline' } | null>(null);
  const busyFor = (userId: number) => (action.busy && answering?.userId === userId ? answering.answer : null);
  if (pages.items.length === 0) {
    return (
      <Card>
        <EmptyState icon={UserPlusIcon} title={texts.noRequests} />
      </Card>
    );
  }
  return (
    <Card>
      <ul aria-label={texts.joinRequests} className="divide-y divide-slate-100">
        {pages.items.map((request) => (
          <RequestRow
            key={request.userId}
            request={request}
            busy={busyFor(request.userId)}
            onAnswer={(answer) => {
              setAnswering({ userId: request.userId, answer });
              action.submit(answer, { groupId: group.group_id, userId: request.userId });
            }}
          />
        ))}
      </ul>
      <PeopleLoadMore nextCursor={pages.nextCursor} loading={pages.loading} error={pages.error} onLoad={pages.loadMore} />
    </Card>
  );
}
