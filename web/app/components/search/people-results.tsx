/**
 * The People tab: one row per member found — picture, name with the verified badge, @username (the
 * row links to the profile) — and Add Friend where it fits: not on the member's own row, and not
 * for friends or members already asked (the row says so instead); a "…" menu with Block on every
 * row but the member's own (decision 036).
 */
import { type MemberCard, searchScreenTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { AddFriendControl } from '~/components/friends/add-friend-control';
import { useSentRequests, type FriendActions, type LocalRequests } from '~/components/friends/use-friend-action';
import { UserCheckIcon } from 'lucide-react';
import { LoadMore } from '~/components/posts/load-more';
import { MemberName } from '~/components/member-name';
import { MemberMenu } from '~/components/safety/member-menu';
import { avatarSrc } from '~/utils/media';
import { useCurrentUser } from '~/utils/use-current-user';
import type { PeopleRelations, SearchPage } from './types';
import { useSearchPages } from './use-search-pages';

type Standing = 'self' | 'friends' | 'requested' | 'none';

function PersonAction({
  person,
  standing,
  actions,
  requests,
}: {
  person: MemberCard;
  standing: Standing;
  actions: FriendActions;
  requests: LocalRequests;
}) {
  switch (standing) {
    case 'self':
      return null;
    case 'friends':
      return (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-600">
          <UserCheckIcon className="size-4" />
          {searchScreenTexts.friends}
        </span>
      );
    default:
      return (
        <AddFriendControl
          userId={person.id}
          actions={actions}
          requests={requests}
          requestedBefore={standing === 'requested'}
          variant="secondary"
        />
      );
  }
}

export function PeopleResults({
  page,
  q,
  relations,
}: {
  page: Extract<SearchPage, { type: 'people' }>;
  q: string;
  relations: PeopleRelations;
}) {
  const { items, nextCursor, loading, error, load } = useSearchPages(page, q, (person) => person.id);
  const { actions, requests } = useSentRequests();
  const me = useCurrentUser();
  const friends = new Set(relations.friends);
  const requested = new Set(relations.requested);

  function standingOf(id: number): Standing {
    if (id === me?.id) return 'self';
    if (friends.has(id)) return 'friends';
    return requested.has(id) ? 'requested' : 'none';
  }

  return (
    <div className="space-y-3">
      <ul aria-label={searchScreenTexts.people} className="divide-y divide-slate-100">
        {items.map((person) => (
          <li key={person.id} aria-label={person.name} className="flex items-center gap-3 px-4 py-3">
            <Link to={`/profile/${person.id}`} className="group flex min-w-0 flex-1 items-center gap-3">
              <Avatar name={person.name} src={avatarSrc(person.profileImage)} className="size-12" />
              <span className="min-w-0">
                <MemberName
                  name={person.name}
                  username={person.username}
                  verified={person.verified}
                  withHandle
                  stacked
                  nameClassName="group-hover:underline"
                />
              </span>
            </Link>
            <div className="flex shrink-0 items-center gap-1">
              <PersonAction person={person} standing={standingOf(person.id)} actions={actions} requests={requests} />
              {person.id !== me?.id ? <MemberMenu target={{ userId: person.id, name: person.name }} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {nextCursor !== null ? (
        <LoadMore cursor={nextCursor} loading={loading} error={error} onLoad={load} loadingLabel={searchScreenTexts.loadingMorePeople} />
      ) : null}
    </div>
  );
}
