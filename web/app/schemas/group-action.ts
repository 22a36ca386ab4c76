/**
 * The form of a group action (POST /resources/groups): what to do, to which group, and for the
 * create and settings forms the group's fields, checked with the contracts' own schemas so the
 * page refuses what the API would, with the same text, beside the field it concerns.
 */
import { createGroupBody, GROUP_ROLES, groupTexts, updateGroupBody, type CreateGroupBody, type UpdateGroupBody } from '@kora/contracts';
import { z } from 'zod';
import { parseFormFields, textField, textFields, thenCheck, type FieldErrors } from '~/utils/form-submission';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const simpleAction = z.union([
  z.object({ intent: z.enum(['join', 'leave', 'delete']), groupId: id }),
  z.object({ intent: z.enum(['approve', 'decline', 'remove']), groupId: id, userId: id }),
  z.object({ intent: z.literal('role'), groupId: id, userId: id, role: z.enum(GROUP_ROLES) }),
]);

export type GroupAction =
  z.infer<typeof simpleAction> | { intent: 'create'; body: CreateGroupBody } | { intent: 'update'; groupId: number; body: UpdateGroupBody };

export type ParsedGroupAction =
  { ok: true; action: GroupAction } | { ok: false; intent: GroupAction['intent'] | null; fieldErrors: FieldErrors };

/** The group's fields as the create and settings forms send them: no picture is an empty field. */
const groupFields = textFields(['title', 'description', 'privacy', 'picture']).transform(({ picture, ...fields }) => ({
  ...fields,
  picture: picture === '' ? null : picture,
}));
const createForm = thenCheck(groupFields, createGroupBody);
const updateForm = z.object({ groupId: id }).and(thenCheck(groupFields, updateGroupBody));

/** The other actions' fields: an empty member id or role reads as absent. */
const simpleForm = thenCheck(
  textFields(['intent', 'groupId', 'userId', 'role']).transform(({ intent, groupId, userId, role }) => ({
    intent,
    groupId,
    userId: userId || undefined,
    role: role || undefined,
  })),
  simpleAction,
);

const KNOWN_INTENTS = ['join', 'leave', 'delete', 'approve', 'decline', 'remove', 'role'] as const;

export function parseGroupAction(form: FormData): ParsedGroupAction {
  const intent = textField.parse(form.get('intent'));
  if (intent === 'create') {
    const parsed = parseFormFields(form, createForm);
    return parsed.ok
      ? { ok: true, action: { intent: 'create', body: parsed.data } }
      : { ok: false, intent: 'create', fieldErrors: parsed.fieldErrors };
  }
  if (intent === 'update') {
    if (!id.safeParse(form.get('groupId')).success) return { ok: false, intent: 'update', fieldErrors: { form: groupTexts.notFound } };
    const parsed = parseFormFields(form, updateForm);
    if (!parsed.ok) return { ok: false, intent: 'update', fieldErrors: parsed.fieldErrors };
    const { groupId, ...body } = parsed.data;
    return { ok: true, action: { intent: 'update', groupId, body } };
  }
  const parsed = parseFormFields(form, simpleForm);
  if (parsed.ok) return { ok: true, action: parsed.data };
  return { ok: false, intent: KNOWN_INTENTS.find((name) => name === intent) ?? null, fieldErrors: {} };
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
