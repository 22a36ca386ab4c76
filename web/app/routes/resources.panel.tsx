/**
 * /resources/panel — GET: the right panel's lists (decision 025): Pro members, trending tags,
 * suggested friends and friends' shares, four calls at once, each failing alone (its part of the
 * panel is then left out). The panel asks after the page is shown, so none of it holds up the
 * feed; the browser may reuse the answer for a minute (it is the member's own, hence private).
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { PanelData } from '~/components/search/types';
import { fetchSuggestions } from '~/utils/friends.server';
import { fetchFriendShares, fetchProMembers, fetchTrending } from '~/utils/search.server';
import { requireSession } from '~/utils/session.server';

/** A slow part must not hold the others up for long: the panel is extra, not the page. */
const PART_TIMEOUT_MS = 3_000;
/** Trending tags the panel lists: enough to browse, few enough that Shares and Suggested Friends stay in view. */
const TRENDING_SHOWN = 5;

export const shouldRevalidate = () => false;

/** The list, or null when it could not be loaded. */
function orNull<T>(loading: Promise<T>): Promise<T | null> {
  return loading.catch(() => null);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const [proMembers, trending, suggestions, shares] = await Promise.all([
    orNull(fetchProMembers(request, token, PART_TIMEOUT_MS)),
    orNull(fetchTrending(request, token, { limit: TRENDING_SHOWN, timeoutMs: PART_TIMEOUT_MS })),
    orNull(fetchSuggestions(request, token)),
    orNull(fetchFriendShares(request, token, PART_TIMEOUT_MS)),
  ]);
  const out = new Headers(headers);
  // A renewed session's cookies must reach the browser now, not come back from its cache later.
  out.set('cache-control', out.has('set-cookie') ? 'private, no-store' : 'private, max-age=60');
  // A plain Response: the panel calls this with fetch(), and single fetch would drop data()'s headers.
  return Response.json({ proMembers, trending, suggestions, shares } satisfies PanelData, { headers: out });
}
