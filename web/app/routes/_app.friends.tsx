/**
 * /friends (docs/product/friends.md): People You May Know, Friend Requests, Find Friends and Your
 * Friends. Each list loads on its own, so one failing call shows its own error ("Failed to fetch
 * suggestions", "Failed to load requests", "Failed to fetch friends") and leaves the rest. Friend
 * actions go through /resources/friends; afterwards this page loads its lists again (unlike other
 * pages, utils/revalidation.ts): an accepted friend appears, a request leaves, suggestions refresh.
 * Signed out → /login.
 */
import { type Friend, type FriendRequest, friendScreenTexts, friendTexts, type Suggestion } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { FindFriends, type KnownPeople } from '~/components/friends/find-friends';
import { FriendsSection } from '~/components/friends/friends-section';
import { RequestsSection } from '~/components/friends/requests-section';
import { SuggestionsSection } from '~/components/friends/suggestions-section';
import { UsersIcon } from 'lucide-react';
import { PageHeader } from '~/components/ui/page-header';
import { fetchFriends, fetchIncomingRequests, fetchSentRequests, fetchSuggestions } from '~/utils/friends.server';
import { fetchOnline } from '~/utils/presence.server';
import { shouldRevalidateFriendsPage } from '~/utils/revalidation';
import { loadSection, type Section } from '~/utils/section';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(friendScreenTexts.friends, siteNameFromMatches(matches)));

export const shouldRevalidate = shouldRevalidateFriendsPage;

interface FriendsData {
  suggestions: Section<Suggestion>;
  requests: Section<FriendRequest>;
  friends: Section<Friend>;
  /** Members with a pending request from the member (search results say "Requested"). */
  requestedIds: number[];
  /** Friends and suggested members the member may see online now (green dots). */
  onlineIds: number[];
  me: number;
  now: number;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  const [suggestions, requests, friends, sent] = await Promise.all([
    loadSection(fetchSuggestions(request, token), friendTexts.fetchSuggestionsFailed),
    loadSection(fetchIncomingRequests(request, token), friendTexts.loadRequestsFailed),
    loadSection(fetchFriends(request, token), friendTexts.fetchFriendsFailed),
    // Only refines the search results' labels: without it they offer Add Friend, and the server says no.
    fetchSentRequests(request, token).catch((): FriendRequest[] => []),
  ]);
  const requestedIds = sent.filter((sentRequest) => sentRequest.status === 0).map((sentRequest) => sentRequest.toUserId);
  const shown = [...(friends.ok ? friends.items.map((f) => f.id) : []), ...(suggestions.ok ? suggestions.items.map((s) => s.id) : [])];
  const onlineIds = await fetchOnline(request, token, shown);
  return data<FriendsData>({ suggestions, requests, friends, requestedIds, onlineIds, me: identity.userId, now: Date.now() }, { headers });
}

export default function FriendsPage() {
  const loaded = useLoaderData<typeof loader>();
  const now = useNow(loaded.now);
  const known = useMemo<KnownPeople>(
    () => ({
      me: loaded.me,
      friends: new Set(loaded.friends.ok ? loaded.friends.items.map((friend) => friend.id) : []),
      requested: new Set(loaded.requestedIds),
    }),
    [loaded],
  );
  const online = useMemo(() => new Set(loaded.onlineIds), [loaded.onlineIds]);
  return (
    <div className="space-y-4">
      <PageHeader icon={UsersIcon} title={friendScreenTexts.friends} />
      <SuggestionsSection section={loaded.suggestions} online={online} />
      <RequestsSection section={loaded.requests} now={now} />
      <FindFriends known={known} />
      <FriendsSection section={loaded.friends} online={online} />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
