/**
 * The member's group actions by `intent` (schemas/group-action.ts): join, leave, create, update,
 * delete, approve, decline, remove, role. Successes answer the API's message and the group as the
 * member now sees it; failures the product's text for the intent where it has one ("Join failed",
 * "Leave failed"), else the server's refusal, with refused fields by name for the create and
 * settings forms.
 */
import { groupScreenTexts, groupTexts, type GroupDetail } from '@kora/contracts';
import { data } from '@remix-run/node';
import type { GroupActionData, GroupIntent } from '~/components/groups/types';
import { fieldOfRefusal, parseGroupAction, type GroupAction } from '~/schemas/group-action';
import { errorStatus, isClientError } from '~/utils/api.server';
import {
  answerJoinRequest,
  createGroup,
  deleteGroup,
  joinGroup,
  leaveGroup,
  removeGroupMember,
  setGroupRole,
  updateGroup,
} from '~/utils/groups.server';
import { requireSession } from '~/utils/session.server';

/** The API's answer to an action: its message, and the group as the member now sees it. */
async function perform(
  request: Request,
  action: GroupAction,
  token: string | null,
): Promise<{ message: string; group: GroupDetail | null }> {
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

/** The toast's title for a failure: the product's where it has one, else the refusal itself. */
function failureTitle(intent: GroupIntent | null, refusal: string | undefined): string {
  if (intent === 'join') return groupTexts.joinFailed;
  if (intent === 'leave') return groupTexts.leaveFailed;
  return refusal ?? groupScreenTexts.requestFailed;
}

/**
 * A group action from a form: the answer to show, with the Set-Cookie headers of a renewed session.
 * Both /resources/groups and the group's own page (/groups/{id}) answer with it.
 */
export async function groupAction(request: Request) {
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
