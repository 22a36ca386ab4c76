/**
 * /resources/search — GET: one more page of a search tab (`?q=&type=&cursor=`) for the results'
 * "load more" (people, groups, hashtags; found posts page through /resources/posts like the feed).
 */
import { searchQuery, searchTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import type { SearchPageData } from '~/components/search/types';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { fetchSearch } from '~/utils/search.server';
import { requireSession } from '~/utils/session.server';

/** The list applies each page itself; an action elsewhere need not load it again. */
export const shouldRevalidate = () => false;

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const parsed = searchQuery.pick({ q: true, type: true, cursor: true }).safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return data<SearchPageData>({ ok: false, error: parsed.error.issues[0]?.message ?? searchTexts.loadFailed }, { status: 400, headers });
  }
  const { q, type, cursor } = parsed.data;
  try {
    const page = await fetchSearch(request, cursor ? { q, type, cursor } : { q, type }, token);
    return data<SearchPageData>({ ok: true, page }, { headers });
  } catch (error) {
    return data<SearchPageData>({ ok: false, error: errorMessage(error, searchTexts.loadFailed) }, { status: errorStatus(error), headers });
  }
}
