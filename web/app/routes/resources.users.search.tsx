/**
 * /resources/users/search?q= — Find Friends on /friends: members by username or name. A blank query
 * is answered with no one, without asking the API (docs/product/friends.md: an empty query is
 * ignored); a failure reads "User search failed".
 */
import { friendTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import type { UserSearchData } from '~/components/friends/types';
import { errorStatus } from '~/utils/api.server';
import { searchUsers } from '~/utils/friends.server';
import { requireSession } from '~/utils/session.server';

/**
 * The results are names only; what ties them to the member comes from the /friends loader, which
 * reloads after friend actions, so an action need not repeat the search.
 */
export const shouldRevalidate = () => false;

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (!query) return data<UserSearchData>({ ok: true, query, users: [] }, { headers });
  try {
    return data<UserSearchData>({ ok: true, query, users: await searchUsers(request, query, token) }, { headers });
  } catch (error) {
    return data<UserSearchData>({ ok: false, error: friendTexts.searchFailed }, { status: errorStatus(error), headers });
  }
}
