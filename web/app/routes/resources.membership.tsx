/**
 * /resources/membership — GET: the member's active Pro package, or null (`{ membership }`), for the
 * post menu's "Boost post" (shown to authors with a plan). Anything that keeps the answer from
 * coming (payments off, the wallet unreachable) reads as no plan: the menu then simply offers no
 * boost, and the posts service refuses a boost without a plan anyway.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import type { MembershipData } from '~/components/packages/types';
import { requireSession } from '~/utils/session.server';
import { fetchMembership } from '~/utils/wallet.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const membership = await fetchMembership(request, token).catch(() => null);
  return data<MembershipData>({ membership }, { headers });
}
