/**
 * The form of a group action (POST /resources/groups): what to do, to which group, and for the
 * create and settings forms the group's fields, checked with the contracts' own schemas so the
 * page refuses what the API would, with the same text, beside the field it concerns.
 */
import { createGroupBody, GROUP_ROLES, groupTexts, updateGroupBody, type CreateGroupBody, type UpdateGroupBody } from '@kora/contracts';
import { z } from 'zod';
import { formText, parseAllFields, type FieldErrors } from '~/utils/forms';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const simpleAction = z.union([
  z.object({ intent: z.enum(['join', 'leave', 'delete']), groupId: id }),
  z.object({ intent: z.enum(['approve', 'decline', 'remove']), groupId: id, userId: id }),
  z.object({ intent: z.literal('role'), groupId: id, userId: id, role: z.enum(GROUP_ROLES) }),
]);

export type GroupAction =
  | z.infer<typeof simpleAction>
  | { intent: 'create'; body: CreateGroupBody }
  | { intent: 'update'; groupId: number; body: UpdateGroupBody };

export type ParsedGroupAction = { ok: true; action: GroupAction } | { ok: false; intent: GroupAction['intent'] | null; fieldErrors: FieldErrors };

const FIELDS = ['intent', 'groupId', 'userId', 'role', 'title', 'description', 'privacy', 'picture'] as const;

/** The group's fields as the forms send them: no picture is an empty field. */
function groupFields(fields: Record<(typeof FIELDS)[number], string>) {
  return { title: fields.title, description: fields.description, privacy: fields.privacy, picture: fields.picture === '' ? null : fields.picture };
}

export function parseGroupAction(form: FormData): ParsedGroupAction {
  const fields = formText(form, FIELDS);
  if (fields.intent === 'create') {
    const parsed = parseAllFields(createGroupBody, groupFields(fields));
    return parsed.ok ? { ok: true, action: { intent: 'create', body: parsed.data } } : { ok: false, intent: 'create', fieldErrors: parsed.fieldErrors };
  }
  if (fields.intent === 'update') {
    const groupId = id.safeParse(fields.groupId);
    if (!groupId.success) return { ok: false, intent: 'update', fieldErrors: { form: groupTexts.notFound } };
    const parsed = parseAllFields(updateGroupBody, groupFields(fields));
    return parsed.ok
      ? { ok: true, action: { intent: 'update', groupId: groupId.data, body: parsed.data } }
      : { ok: false, intent: 'update', fieldErrors: parsed.fieldErrors };
  }
  const parsed = simpleAction.safeParse({
    intent: fields.intent,
    groupId: fields.groupId,
    userId: fields.userId || undefined,
    role: fields.role || undefined,
  });
  if (parsed.success) return { ok: true, action: parsed.data };
  const known = ['join', 'leave', 'delete', 'approve', 'decline', 'remove', 'role'] as const;
  const intent = known.find((name) => name === fields.intent) ?? null;
  return { ok: false, intent, fieldErrors: {} };
}

/**
 * The form field an API refusal is about (the API answers one text; the create and settings forms
 * show it beside its field), or null for a refusal about the whole form.
 */
export function fieldOfRefusal(text: string): string | null {
  if (text === groupTexts.titleRequired || text === groupTexts.titleTooLong) return 'title';
  if (text === groupTexts.descriptionTooLong) return 'description';
  if (text === groupTexts.pictureInvalid) return 'picture';
  if (text === groupTexts.privacyInvalid) return 'privacy';
  return null;
}
