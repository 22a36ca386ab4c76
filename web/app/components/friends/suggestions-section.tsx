/**
 * People You May Know: suggested members with Add Friend. Someone the member sends a request to
 * leaves the grid at once (spec §4), whatever the reloaded suggestions say.
 */
import type { Suggestion } from '@kora/contracts';
import { UserPlusIcon } from '~/components/icons';
import { countLabel } from '~/utils/misc';
import type { Section } from '~/utils/section';
import { FriendActionButton } from './friend-action-button';
import { FriendsCard } from './friends-card';
import { PeopleGrid, PersonCard } from './person-card';
import { useSentRequests } from './use-friend-action';

const TITLE = 'People You May Know';

/** `online`: the suggested members the member may see online now. */
export function SuggestionsSection({ section, online }: { section: Section<Suggestion>; online?: ReadonlySet<number> }) {
  const { actions, sentTo } = useSentRequests();
  const people = section.ok ? section.items.filter((person) => !sentTo.has(person.id)) : [];

  return (
    <FriendsCard id="suggestions" title={TITLE} error={section.ok ? null : section.error} empty={people.length === 0 ? 'No suggestions right now.' : null}>
      <PeopleGrid label={TITLE}>
        {people.map((person) => (
          <PersonCard
            key={person.id}
            userId={person.id}
            name={person.name}
            username={person.user_name}
            image={person.profileImage}
            verified={person.verified}
            online={online?.has(person.id)}
            detail={person.mutualCount > 0 ? countLabel(person.mutualCount, 'mutual friend') : undefined}
          >
            <FriendActionButton actions={actions} fields={{ intent: 'send', userId: person.id }}>
              <UserPlusIcon className="size-4" />
              Add Friend
            </FriendActionButton>
          </PersonCard>
        ))}
      </PeopleGrid>
    </FriendsCard>
  );
}
