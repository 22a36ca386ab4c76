/**
 * /resources/groups — GET: one more page for "Load more" (`?list=groups&tab&q&cursor`,
 * `?list=members|requests&groupId&cursor`); POST: the member's group actions by `intent`
 * (utils/group-action.server.ts) from the pages that apply the answer themselves: joining or
 * leaving from a /groups card, creating a group.
 */
import { GROUP_TABS, groupScreenTexts, groupTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { GroupPageData } from '~/components/groups/types';
import { errorStatus, isClientError } from '~/utils/api.server';
import { groupAction } from '~/utils/group-action.server';
import { fetchGroupList, fetchGroupMembers, fetchJoinRequests } from '~/utils/groups.server';
import { requireSession } from '~/utils/session.server';

/** Callers apply each answer themselves; an action elsewhere need not send a page again. */
export const shouldRevalidate = () => false;

const pageQuery = z.discriminatedUnion('list', [
  z.object({
    list: z.literal('groups'),
    tab: z.enum(GROUP_TABS),
    q: z.string().max(100).default(''),
    cursor: z.coerce.number().int().min(0).max(1_000_000),
  }),
  z.object({ list: z.enum(['members', 'requests']), groupId: z.coerce.number().int().positive(), cursor: z.string().min(1).max(200) }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (answer: GroupPageData, status = 200) => data<GroupPageData>(answer, { status, headers });
  const query = pageQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return reply({ ok: false, error: groupTexts.cursorInvalid }, 400);
  const page = query.data;
  try {
    if (page.list === 'groups') {
      const answer = await fetchGroupList(request, page, token);
      return reply({ ok: true, list: 'groups', ...answer });
    }
    if (page.list === 'members')
      return reply({ ok: true, list: 'members', ...(await fetchGroupMembers(request, page.groupId, page.cursor, token)) });
    return reply({ ok: true, list: 'requests', ...(await fetchJoinRequests(request, page.groupId, page.cursor, token)) });
  } catch (error) {
    const fallback = page.list === 'groups' ? groupTexts.loadFailed : groupScreenTexts.requestFailed;
    return reply({ ok: false, error: isClientError(error) ? error.message : fallback }, errorStatus(error));
  }
}

/** Group actions answered in place (the /groups cards, the create dialog); the group's own page posts to its route. */
export async function action({ request }: ActionFunctionArgs) {
  return groupAction(request);
}
