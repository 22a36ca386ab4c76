/**
 * Edit a member (decision 024; docs/product/admin.md shows the button only): first name, last name,
 * username, e-mail and role, saved with PUT /api/admin/users/{id}. Only the fields changed are
 * sent, so saving a name does not re-check an unchanged e-mail. A refusal shows the server's
 * `error` in the dialog; success closes it with the toast "Updated".
 */
import { adminScreenTexts as t, USER_ROLES, type AdminUser } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { DialogActions } from '~/components/ui/dialog-actions';
import { Field, inputClasses } from '~/components/ui/input';
import { EDIT_USER_FETCHER, type UserActionData } from './user-actions';

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const fetcher = useFetcher<UserActionData>({ key: EDIT_USER_FETCHER });
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  const error = answer && !answer.ok && answer.intent === 'edit' && fetcher.state === 'idle' ? answer.error : null;
  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}
      title={user ? t.editNamed(user.username) : t.editUser}
    >
      {user ? (
        <fetcher.Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="id" value={user.id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t.firstName} name="firstname" defaultValue={user.firstname} maxLength={50} autoComplete="off" />
            <Field label={t.lastName} name="lastname" defaultValue={user.lastname} maxLength={50} autoComplete="off" />
          </div>
          <Field label={t.username} name="username" defaultValue={user.username} autoComplete="off" />
          <Field label={t.eMail} name="email" type="email" defaultValue={user.email} autoComplete="off" />
          <label className="block space-y-1.5">
            <span className="block text-sm font-medium text-slate-700">{t.role}</span>
            <select name="role" defaultValue={user.role} className={inputClasses}>
              {USER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role === 'admin' ? t.roleNameAdmin : t.roleNameUser}
                </option>
              ))}
            </select>
          </label>
          {/* What the row showed when the dialog opened: the action sends only what changed. */}
          <input
            type="hidden"
            name="original"
            value={JSON.stringify({
              firstname: user.firstname,
              lastname: user.lastname,
              username: user.username,
              email: user.email,
              role: user.role,
            })}
          />
          {error ? <Alert>{error}</Alert> : null}
          <DialogActions busy={busy} onCancel={onClose} />
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}
