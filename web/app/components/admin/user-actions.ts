import type { AdminEditUserBody } from '@kora/contracts';
import { formText } from '~/utils/form-submission';

/** What the users page's action answers: the row action done (with its toast text) or refused. */
export type UserActionIntent = 'edit' | 'status';

export type UserActionData =
  { intent: UserActionIntent; ok: true; message: string } | { intent: UserActionIntent; ok: false; error: string };

/** Fetcher keys: one per dialog, so the answer outlives the row that sent it. */
export const EDIT_USER_FETCHER = 'admin-edit-user';
export const USER_STATUS_FETCHER = 'admin-user-status';

const EDITABLE = ['firstname', 'lastname', 'username', 'email', 'role'] as const;

/** The fields the admin changed in the dialog (compared with what it showed), trimmed. */
export function changedFields(form: FormData): AdminEditUserBody {
  let original: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(formText(form, 'original', '{}'));
    if (parsed && typeof parsed === 'object') original = parsed as Record<string, unknown>;
  } catch {
    // No original: every field is sent, and the API checks them all.
  }
  const body: Record<string, string> = {};
  for (const name of EDITABLE) {
    const value = form.get(name);
    if (typeof value !== 'string') continue;
    const next = name === 'role' ? value : value.trim();
    if (next !== original[name]) body[name] = next;
  }
  return body;
}
