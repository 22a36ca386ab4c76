/**
 * People You May Know: suggested members with Add Friend. Someone the member sends a request to
 * stays in place as "Requested" with Cancel, even when the reloaded suggestions (which leave out
 * pending requests) no longer list them; cancelling brings Add Friend back.
 */
import { friendScreenTexts as texts, type Suggestion } from '@kora/contracts';
import { useState } from 'react';
import type { Section } from '~/utils/section';
import { AddFriendControl } from './add-friend-control';
import { FriendsCard } from './friends-card';
import { PeopleGrid, PersonCard } from './person-card';
import { useSentRequests, type LocalRequests } from './use-friend-action';

const NONE: Suggestion[] = [];

type Places = ReadonlyMap<number, { person: Suggestion; index: number }>;

/** Every suggestion seen on this page, at its last place (adjusted while rendering, as React advises). */
function useLastPlaces(items: Suggestion[]): Places {
  const [memory, setMemory] = useState(() => ({ items, places: placesOf(items, new Map()) }));
  if (memory.items !== items) setMemory({ items, places: placesOf(items, memory.places) });
  return memory.places;
}

function placesOf(items: Suggestion[], before: Places): Places {
  const places = new Map(before);
  items.forEach((person, index) => places.set(person.id, { person, index }));
  return places;
}

/**
 * The suggestions to show: the loaded ones, plus anyone this page sent a request to who dropped
 * out of them, back at the place they had.
 */
function withPendingKept(items: Suggestion[], requests: LocalRequests, places: Places): Suggestion[] {
  const shown = [...items];
  const listed = new Set(items.map((person) => person.id));
  const kept = [...places.values()]
    .filter(({ person }) => !listed.has(person.id) && typeof requests.get(person.id) === 'number')
    .sort((a, b) => a.index - b.index);
  for (const { person, index } of kept) shown.splice(Math.min(index, shown.length), 0, person);
  return shown;
}

/** `online`: the suggested members the member may see online now. */
export function SuggestionsSection({ section, online }: { section: Section<Suggestion>; online?: ReadonlySet<number> }) {
  const { actions, requests } = useSentRequests();
  const places = useLastPlaces(section.ok ? section.items : NONE);
  const people = section.ok ? withPendingKept(section.items, requests, places) : [];

  return (
    <FriendsCard
      id="suggestions"
      title={texts.peopleYouMayKnow}
      error={section.ok ? null : section.error}
      empty={people.length === 0 ? texts.noSuggestions : null}
    >
      <PeopleGrid label={texts.peopleYouMayKnow}>
        {people.map((person) => (
          <PersonCard
            key={person.id}
            userId={person.id}
            name={person.name}
            username={person.user_name}
            image={person.profileImage}
            verified={person.verified}
            online={online?.has(person.id)}
            detail={person.mutualCount > 0 ? texts.mutualFriends(person.mutualCount) : undefined}
          >
            <AddFriendControl userId={person.id} actions={actions} requests={requests} />
          </PersonCard>
        ))}
      </PeopleGrid>
    </FriendsCard>
  );
}
