/**
 * /resources/groups — GET: one more page for "Load more" (`?list=groups&tab&q&cursor`,
 * `?list=members|requests&groupId&cursor`); POST: the member's group actions by `intent`
 * (schemas/group-action.ts): join, leave, create, update, delete, approve, decline, remove, role.
 * Successes answer the API's message and the group as the member now sees it; failures the spec's
 * text for the intent where it has one ("Join failed", "Leave failed"), else the server's refusal,
 * with refused fields by name for the create and settings forms.
 */
import { GROUP_TABS, groupTexts, type GroupDetail } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { GroupActionData, GroupIntent, GroupPageData } from '~/components/groups/types';
import { fieldOfRefusal, parseGroupAction, type GroupAction } from '~/schemas/group-action';
import { errorStatus, isClientError } from '~/utils/api.server';
import {
  answerJoinRequest,
  createGroup,
  deleteGroup,
  fetchGroupList,
  fetchGroupMembers,
  fetchJoinRequests,
  joinGroup,
  leaveGroup,
  removeGroupMember,
  setGroupRole,
  updateGroup,
} from '~/utils/groups.server';
import { requireSession } from '~/utils/session.server';

/** Callers apply each answer themselves; an action elsewhere need not send a page again. */
export const shouldRevalidate = () => false;

const REQUEST_FAILED = 'Request failed';

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
    if (page.list === 'members') return reply({ ok: true, list: 'members', ...(await fetchGroupMembers(request, page.groupId, page.cursor, token)) });
    return reply({ ok: true, list: 'requests', ...(await fetchJoinRequests(request, page.groupId, page.cursor, token)) });
  } catch (error) {
    const fallback = page.list === 'groups' ? groupTexts.loadFailed : REQUEST_FAILED;
    return reply({ ok: false, error: isClientError(error) ? error.message : fallback }, errorStatus(error));
  }
}

/** The API's answer to an action: its message, and the group as the member now sees it. */
async function perform(request: Request, action: GroupAction, token: string | null): Promise<{ message: string; group: GroupDetail | null }> {
  switch (action.intent) {
    case 'join':
      return joinGroup(request, action.groupId, token);
    case 'leave':
      return leaveGroup(request, action.groupId, token);
    case 'approve':
    case 'decline':
      return answerJoinRequest(request, action.groupId, action.userId, action.intent, token);
    case 'remove':
      return removeGroupMember(request, action.groupId, action.userId, token);
    case 'role':
      return setGroupRole(request, action.groupId, action.userId, action.role, token);
    case 'create':
      return { message: groupTexts.created, group: await createGroup(request, action.body, token) };
    case 'update':
      return { message: groupTexts.updated, group: await updateGroup(request, action.groupId, action.body, token) };
    case 'delete':
      await deleteGroup(request, action.groupId, token);
      return { message: groupTexts.deleted, group: null };
  }
}

/** The toast's title for a failure: the spec's where it has one, else the refusal itself. */
function failureTitle(intent: GroupIntent | null, refusal: string | undefined): string {
  if (intent === 'join') return groupTexts.joinFailed;
  if (intent === 'leave') return groupTexts.leaveFailed;
  return refusal ?? REQUEST_FAILED;
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (answer: GroupActionData, status = 200) => data<GroupActionData>(answer, { status, headers });
  const parsed = parseGroupAction(await request.formData());
  if (!parsed.ok) {
    const first = Object.values(parsed.fieldErrors)[0];
    return reply({ intent: parsed.intent, ok: false, error: failureTitle(parsed.intent, first), fieldErrors: parsed.fieldErrors }, 400);
  }
  const { action: groupAction } = parsed;
  try {
    const answer = await perform(request, groupAction, token);
    return reply({ intent: groupAction.intent, ok: true, ...answer }, groupAction.intent === 'create' ? 201 : 200);
  } catch (error) {
    const refusal = isClientError(error) ? error.message : undefined;
    const field = refusal ? fieldOfRefusal(refusal) : null;
    const title = failureTitle(groupAction.intent, refusal);
    return reply(
      {
        intent: groupAction.intent,
        ok: false,
        error: title,
        ...(refusal && refusal !== title ? { reason: refusal } : {}),
        ...(field && refusal ? { fieldErrors: { [field]: refusal } } : {}),
      },
      errorStatus(error),
    );
  }
}
