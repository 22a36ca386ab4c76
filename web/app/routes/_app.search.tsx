/**
 * /search?q=&type= (decision 025): the top bar's search. Tabs People, Posts, Groups and Hashtags
 * (links; the open one from `type`, people by default), each tab's results a page at a time with
 * more on scroll or Load more. Posts are the feed's cards (likes, comments, shares work as there).
 * No words: a prompt; nothing found: "No results for …"; a failed search: its text and Try again.
 */
import { type PostPage, searchScreenTexts, searchTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SearchBox } from '~/components/layout/search-box';
import { PostList } from '~/components/posts/post-list';
import { GroupResults } from '~/components/search/group-results';
import { HashtagResults } from '~/components/search/hashtag-results';
import { PeopleResults } from '~/components/search/people-results';
import { NoResults, SearchPrompt } from '~/components/search/search-messages';
import { SearchTabs } from '~/components/search/search-tabs';
import { readSearchLocation, type SearchLocation } from '~/components/search/search-url';
import type { PeopleRelations, SearchPage } from '~/components/search/types';
import { Card } from '~/components/ui/card';
import { LoadError } from '~/components/ui/load-error';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { fetchFriends, fetchSentRequests } from '~/utils/friends.server';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { fetchSearch } from '~/utils/search.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

type ListPage = Exclude<SearchPage, { type: 'posts' }>;
type Results = { kind: 'posts'; page: PostPage } | { kind: 'list'; page: ListPage; relations: PeopleRelations };
type SearchData = SearchLocation & { now: number } & (
    { state: 'prompt' } | { state: 'ok'; results: Results } | { state: 'error'; message: string }
  );

const NO_RELATIONS: PeopleRelations = { friends: [], requested: [] };

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const q = loaded?.q;
  return titleAndDescription(pageTitle(q ? `${q} - ${searchTexts.pageTitle}` : searchTexts.pageTitle, siteNameFromMatches(matches)));
};

export const shouldRevalidate = shouldRevalidatePage;

/** Whom the member is already friends with or has asked, so People offers Add Friend only where it fits. */
async function peopleRelations(request: Request, token: string | null): Promise<PeopleRelations> {
  const [friends, sent] = await Promise.all([
    fetchFriends(request, token).catch(() => []),
    fetchSentRequests(request, token).catch(() => []),
  ]);
  return { friends: friends.map((friend) => friend.id), requested: sent.map((sentRequest) => sentRequest.toUserId) };
}

async function loadResults(request: Request, { q, type }: SearchLocation, token: string | null): Promise<Results> {
  if (type === 'posts') return { kind: 'posts', page: await fetchPostList(request, { source: { kind: 'search', q } }, token) };
  const [page, relations] = await Promise.all([
    fetchSearch(request, { q, type }, token),
    type === 'people' ? peopleRelations(request, token) : NO_RELATIONS,
  ]);
  return { kind: 'list', page: page as ListPage, relations };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const location = readSearchLocation(new URL(request.url).searchParams);
  const now = Date.now();
  if (!location.q) return data<SearchData>({ ...location, now, state: 'prompt' }, { headers });
  try {
    return data<SearchData>({ ...location, now, state: 'ok', results: await loadResults(request, location, token) }, { headers });
  } catch (error) {
    // A refusal says why (a query over 100 characters); a failure says "Search failed. Try again."
    const message = errorMessage(error, searchTexts.loadFailed);
    return data<SearchData>({ ...location, now, state: 'error', message }, { status: errorStatus(error), headers });
  }
}

function ListResults({ page, q, relations }: { page: ListPage; q: string; relations: PeopleRelations }) {
  if (page.items.length === 0 && page.nextCursor === null) return <NoResults q={q} />;
  switch (page.type) {
    case 'people':
      return <PeopleResults page={page} q={q} relations={relations} />;
    case 'groups':
      return <GroupResults page={page} q={q} />;
    case 'hashtags':
      return <HashtagResults page={page} q={q} />;
  }
}

export default function SearchPage() {
  const loaded = useLoaderData<typeof loader>();
  const now = useNow(loaded.now);
  const { q, type } = loaded;
  const results = loaded.state === 'ok' ? loaded.results : null;
  const siteName = useSiteName();

  return (
    <div className="space-y-4">
      <Card className="overflow-hidden">
        <h1 className="break-words px-4 pt-4 text-xl font-bold tracking-tight text-slate-900">
          {q ? `${searchTexts.pageTitle}: ${q}` : searchTexts.pageTitle}
        </h1>
        {q ? (
          <SearchTabs q={q} current={type} />
        ) : (
          <>
            {/* A phone's top bar keeps its search behind a button: the prompt offers the field itself. */}
            <SearchBox siteName={siteName} className="mx-4 mt-3 sm:hidden" />
            <SearchPrompt />
          </>
        )}
        {results?.kind === 'list' ? <ListResults key={`${q}|${type}`} page={results.page} q={q} relations={results.relations} /> : null}
      </Card>
      {loaded.state === 'error' ? <LoadError message={loaded.message} /> : null}
      {results?.kind === 'posts' ? (
        <PostList
          key={q}
          page={results.page}
          source={{ kind: 'search', q }}
          now={now}
          label={searchScreenTexts.postsMatching(q)}
          empty={
            <Card>
              <NoResults q={q} />
            </Card>
          }
        />
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
