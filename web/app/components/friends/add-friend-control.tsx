/**
 * Add Friend, and once sent "Requested" with Cancel (DELETE /api/friends/requests/{id} through the
 * friends resource route), so the member can take a request back where they sent it. A request
 * known only from the page's data (sent before this page loaded) reads "Requested" without Cancel:
 * the page does not hold its id; the profile's button offers Cancel for it.
 */
import { friendScreenTexts as texts } from '@kora/contracts';
import { CheckIcon, UserPlusIcon } from 'lucide-react';
import type { ButtonVariant } from '~/components/ui/button';
import { FriendActionButton } from './friend-action-button';
import type { FriendActions, LocalRequests } from './use-friend-action';

export function AddFriendControl({
  userId,
  actions,
  requests,
  requestedBefore = false,
  variant,
}: {
  userId: number;
  actions: FriendActions;
  requests: LocalRequests;
  /** The page's data says a request to this member is pending. */
  requestedBefore?: boolean;
  variant?: ButtonVariant;
}) {
  const local = requests.get(userId);
  const requestId = typeof local === 'number' ? local : null;
  if (requestId !== null || (local === undefined && requestedBefore)) {
    return (
      <div data-friend-state="requested" className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-600">
          <CheckIcon className="size-4" />
          {texts.requested}
        </span>
        {requestId !== null ? (
          <FriendActionButton actions={actions} fields={{ intent: 'cancel', requestId, userId }} variant="secondary">
            {texts.cancel}
            <span className="sr-only"> {texts.cancelRequestHidden}</span>
          </FriendActionButton>
        ) : null}
      </div>
    );
  }
  return (
    <FriendActionButton actions={actions} fields={{ intent: 'send', userId }} variant={variant}>
      <UserPlusIcon className="size-4" />
      {texts.addFriend}
    </FriendActionButton>
  );
}
