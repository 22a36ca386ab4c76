/**
 * Your Friends: the member's friends, each linking to their profile, with Message (decision 039) and
 * a small menu to unfriend (behind a confirmation). "You have no friends yet." when there are none.
 */
import { friendScreenTexts as texts, friendTexts, type Friend } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { useState } from 'react';
import { EllipsisIcon } from 'lucide-react';
import { MessageButton } from '~/components/message-button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { cn } from '~/utils/misc';
import type { Section } from '~/utils/section';
import { FriendsCard } from './friends-card';
import { PeopleGrid, PersonCard } from './person-card';
import { unfriendConfirmation } from './unfriend-confirmation';
import { useFriendAction } from './use-friend-action';

/** `online`: the friends the member may see online now. */
export function FriendsSection({ section, online }: { section: Section<Friend>; online?: ReadonlySet<number> }) {
  const [leaving, setLeaving] = useState<Friend | null>(null);
  const actions = useFriendAction(() => setLeaving(null));
  const friends = section.ok ? section.items : [];

  return (
    <FriendsCard
      id="your-friends"
      title={texts.yourFriends}
      error={section.ok ? null : section.error}
      empty={friends.length === 0 ? friendTexts.noFriends : null}
    >
      <PeopleGrid label={texts.yourFriends}>
        {friends.map((friend) => (
          <PersonCard
            key={friend.id}
            userId={friend.id}
            name={friend.name}
            username={friend.user_name}
            image={friend.profileImage}
            verified={friend.verified}
            online={online?.has(friend.id)}
          >
            <div className="flex gap-1">
              <MessageButton userId={friend.id} name={friend.name} size="sm" className="min-w-0 flex-1" />
              <FriendMenu name={friend.name} onUnfriend={() => setLeaving(friend)} />
            </div>
          </PersonCard>
        ))}
      </PeopleGrid>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => (open ? undefined : setLeaving(null))}
        {...unfriendConfirmation(leaving?.name ?? '')}
        busy={actions.busy}
        onConfirm={() => leaving && actions.submit({ intent: 'unfriend', userId: leaving.id })}
      />
    </FriendsCard>
  );
}

function FriendMenu({ name, onUnfriend }: { name: string; onUnfriend: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={texts.optionsFor(name)}
        className="inline-flex h-8 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 hover:bg-slate-200 data-[state=open]:bg-slate-200"
      >
        <EllipsisIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="center" sideOffset={4} className={cn(menuContentClasses, 'w-44')}>
          <DropdownMenu.Item className={cn(menuItemClasses, 'text-red-700')} onSelect={onUnfriend}>
            {texts.unfriend}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
