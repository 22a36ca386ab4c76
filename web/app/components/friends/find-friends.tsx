/**
 * Find Friends: search members by name (GET /resources/users/search), each result with Add Friend,
 * or what already ties them to the member (You, Friends, Requested). A blank or whitespace query is
 * ignored (docs/product/friends.md); no match reads "No users found."; a failure "User search
 * failed".
 */
import { friendScreenTexts as texts, friendTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useId, useState, type FormEvent } from 'react';
import { SearchIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Input } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { AddFriendControl } from './add-friend-control';
import { FriendsCard } from './friends-card';
import { PeopleGrid, PersonCard } from './person-card';
import { userSearchUrl, type UserSearchData, type UserSearchItem } from './types';
import { useSentRequests, type FriendActions, type LocalRequests } from './use-friend-action';

export interface KnownPeople {
  me: number;
  friends: ReadonlySet<number>;
  /** Members the member has a pending request to. */
  requested: ReadonlySet<number>;
}

export function FindFriends({ known }: { known: KnownPeople }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const search = useFetcher<UserSearchData>();
  const { actions, requests } = useSentRequests();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = query.trim();
    if (text) search.load(userSearchUrl(text));
  }

  const answer = search.data;
  const searching = search.state !== 'idle';
  return (
    <FriendsCard id="find-friends" title={texts.findFriends}>
      <form role="search" aria-label={texts.findFriends} onSubmit={onSubmit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {texts.searchPeople}
        </label>
        <Input
          id={inputId}
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={texts.searchPlaceholder}
          autoComplete="off"
        />
        <SubmitButton busy={searching} className="shrink-0">
          <SearchIcon className="size-4" />
          {texts.search}
        </SubmitButton>
      </form>
      {answer && !answer.ok ? <Alert>{answer.error}</Alert> : null}
      {answer?.ok && answer.query ? (
        answer.users.length === 0 ? (
          <p className="text-sm text-slate-500">{friendTexts.noUsersFound}</p>
        ) : (
          <PeopleGrid label={texts.searchResults}>
            {answer.users.map((user) => (
              <PersonCard key={user.id} userId={user.id} name={user.name} username={user.user_name} image={user.profileImage}>
                <ResultAction user={user} known={known} requests={requests} actions={actions} />
              </PersonCard>
            ))}
          </PeopleGrid>
        )
      ) : null}
    </FriendsCard>
  );
}

function ResultAction({
  user,
  known,
  requests,
  actions,
}: {
  user: UserSearchItem;
  known: KnownPeople;
  requests: LocalRequests;
  actions: FriendActions;
}) {
  const tie = user.id === known.me ? texts.you : known.friends.has(user.id) ? texts.friends : null;
  if (tie) return <p className="py-1.5 text-sm font-medium text-slate-500">{tie}</p>;
  return <AddFriendControl userId={user.id} actions={actions} requests={requests} requestedBefore={known.requested.has(user.id)} />;
}
