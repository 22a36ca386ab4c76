/**
 * Friend Requests: requests other members sent, still pending, with Accept and Decline. After an
 * answer the page reloads its lists (routes/_app.friends.tsx): the request leaves, an accepted
 * friend appears under Your Friends, and the suggestions are fetched again
 * (docs/product/friends.md). Each request's "…" menu offers Block (decision 036), which declines it too.
 */
import { friendScreenTexts as texts, friendTexts, type FriendRequest } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { MemberName } from '~/components/member-name';
import { CheckIcon } from 'lucide-react';
import { RelativeTime } from '~/components/ui/relative-time';
import { MemberMenu } from '~/components/safety/member-menu';
import { avatarSrc } from '~/utils/media';
import type { Section } from '~/utils/section';
import { FriendActionButton } from './friend-action-button';
import { FriendsCard } from './friends-card';
import { useFriendAction, type FriendActions } from './use-friend-action';

export function RequestsSection({ section, now }: { section: Section<FriendRequest>; now: number }) {
  const actions = useFriendAction();
  const requests = section.ok ? section.items : [];
  return (
    <FriendsCard
      id="requests"
      title={texts.friendRequests}
      error={section.ok ? null : section.error}
      empty={requests.length === 0 ? friendTexts.noRequests : null}
    >
      <ul aria-label={texts.friendRequests} className="divide-y divide-slate-100">
        {requests.map((request) => (
          <RequestRow key={request.id} request={request} now={now} actions={actions} />
        ))}
      </ul>
    </FriendsCard>
  );
}

function RequestRow({ request, now, actions }: { request: FriendRequest; now: number; actions: FriendActions }) {
  const profile = `/profile/${request.fromUserId}`;
  return (
    <li aria-label={request.fromName} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Link to={profile} tabIndex={-1} aria-hidden="true">
        <Avatar name={request.fromName} src={avatarSrc(request.fromProfileImage)} className="size-12" />
      </Link>
      <div className="min-w-0 flex-1">
        <MemberName name={request.fromName} username={request.fromUsername} withHandle to={profile} className="flex" />
        <RelativeTime value={request.createdAt} now={now} title={false} className="text-xs text-slate-500" />
      </div>
      <div className="flex gap-2">
        <FriendActionButton actions={actions} fields={{ intent: 'accept', requestId: request.id }}>
          <CheckIcon className="size-4" />
          {texts.accept}
        </FriendActionButton>
        <FriendActionButton actions={actions} fields={{ intent: 'decline', requestId: request.id }} variant="secondary">
          {texts.decline}
        </FriendActionButton>
        <MemberMenu target={{ userId: request.fromUserId, name: request.fromName }} />
      </div>
    </li>
  );
}
