/**
 * The friend button on someone else's profile, from the relation the page loaded
 * (friend-button-state.ts): Add Friend, or Requested (Cancel request), Respond (Accept / Decline),
 * Friends (Unfriend, confirmed). When the member's privacy would refuse a request, Add Friend is
 * shown disabled with the reason under it, so nobody clicks only to be told no. Each answer carries the new relation, which the button takes at
 * once; the page does not reload (utils/revalidation.ts).
 */
import { friendScreenTexts as texts, type Relation } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { useId, useState } from 'react';
import { ChevronDownIcon, UserCheckIcon, UserPlusIcon } from 'lucide-react';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/utils/misc';
import { FriendActionButton } from './friend-action-button';
import { friendButtonState, type FriendMenuItem } from './friend-button-state';
import type { FriendActionFields } from './types';
import { unfriendConfirmation } from './unfriend-confirmation';
import { useFriendAction } from './use-friend-action';

function fieldsFor(intent: FriendMenuItem['intent'], relation: Relation): FriendActionFields {
  if (intent === 'unfriend') return { intent, userId: relation.userId };
  return { intent, requestId: relation.requestId ?? 0, userId: relation.userId };
}

export function ProfileFriendButton({ relation: loaded, name }: { relation: Relation; name: string }) {
  const [relation, setRelation] = useState(loaded);
  const [confirming, setConfirming] = useState(false);
  const actions = useFriendAction((answer) => {
    if (answer.relation) setRelation(answer.relation);
    setConfirming(false);
  });
  const state = friendButtonState(relation);
  const reasonId = useId();

  if (state.kind === 'hidden') return null;
  if (state.kind === 'refused') {
    return (
      <div className="flex flex-col gap-1.5 sm:items-end">
        <Button variant="secondary" disabled aria-describedby={reasonId} className="w-full sm:w-auto">
          <UserPlusIcon className="size-4" />
          {texts.addFriend}
        </Button>
        <p id={reasonId} className="text-sm text-slate-600 sm:max-w-56 sm:text-right">
          {state.reason}
        </p>
      </div>
    );
  }
  if (state.kind === 'add') {
    return (
      <FriendActionButton actions={actions} fields={{ intent: 'send', userId: relation.userId }} size="md" className="w-full sm:w-auto">
        <UserPlusIcon className="size-4" />
        {texts.addFriend}
      </FriendActionButton>
    );
  }

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger disabled={actions.busy} className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
          {actions.busy ? (
            <Spinner label={texts.sending} className="[&_svg]:size-5 [&_svg]:text-current" />
          ) : (
            <UserCheckIcon className="size-4" />
          )}
          {state.label}
          <ChevronDownIcon className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={cn(menuContentClasses, 'w-48')}>
            {state.items.map((item) => (
              <DropdownMenu.Item
                key={item.intent}
                className={cn(menuItemClasses, item.confirm && 'text-red-700')}
                onSelect={() => (item.confirm ? setConfirming(true) : actions.submit(fieldsFor(item.intent, relation)))}
              >
                {item.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        {...unfriendConfirmation(name)}
        busy={actions.busy}
        onConfirm={() => actions.submit({ intent: 'unfriend', userId: relation.userId })}
      />
    </>
  );
}
