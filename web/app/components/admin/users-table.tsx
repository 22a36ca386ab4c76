/**
 * The users table (docs/product/admin.md: User, Email, Created, Role, Status, Actions). Status
 * 'active' is a green badge, 'pending' amber, 'suspended' red. Actions: Edit (dialog) and Suspend /
 * Unsuspend (asks first). Wide tables scroll sideways inside their card on a phone.
 */
import type { AdminUser } from '@kora/contracts';
import { adminScreenTexts as t, adminTexts } from '@kora/contracts';
import { Button } from '~/components/ui/button';
import { EmailAddress } from './email-address';
import { dateFormat, formatDateTime } from '~/utils/dates';
import { cn } from '~/utils/misc';

/** "27 Nov 2026" in the admin's language and time zone; the cell's title has the time. */
function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

function statusLabel(status: AdminUser['status']): string {
  return status === 'active' ? t.statusActive : status === 'pending' ? t.statusPending : t.statusSuspended;
}

const statusClasses: Record<AdminUser['status'], string> = {
  active: 'bg-brand-50 text-brand-800 ring-brand-600/20',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  suspended: 'bg-red-50 text-red-700 ring-red-600/20',
};

const cell = 'block px-4 py-1 md:table-cell md:py-3';
/** On a phone a cell shows its column's name before the value. */
const labelled = 'before:mr-2 before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';

export function StatusBadge({ status }: { status: AdminUser['status'] }) {
  return (
    <span
      data-status={status}
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', statusClasses[status])}
    >
      {statusLabel(status)}
    </span>
  );
}

export function UsersTable({
  users,
  onEdit,
  onStatus,
}: {
  users: AdminUser[];
  onEdit: (user: AdminUser) => void;
  onStatus: (user: AdminUser) => void;
}) {
  if (users.length === 0) return <p className="px-4 py-10 text-center text-slate-500">{adminTexts.noUsers}</p>;
  return (
    // Under 768 px each row stacks into a card with its labels (no sideways scrolling on a phone).
    <div>
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">{t.users}</caption>
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500 md:table-header-group">
          <tr>
            {[t.user, t.email, t.created, t.role, t.status].map((label) => (
              <th key={label} scope="col" className="px-4 py-3 font-semibold">
                {label}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t.actions}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {users.map((user) => (
            <tr key={user.id} data-user={user.username} className="block py-2 md:table-row md:py-0">
              {/* Long names wrap anywhere and addresses break before the "@", so the Actions column stays in view. */}
              <td className={cn(cell, 'md:max-w-[14rem] [overflow-wrap:anywhere]')}>
                <p className="font-semibold text-slate-900">@{user.username}</p>
                <p className="text-slate-500">{`${user.firstname} ${user.lastname}`.trim()}</p>
              </td>
              <td className={cn(cell, labelled, 'text-slate-700 md:max-w-[16rem]')} data-label={t.email}>
                <EmailAddress email={user.email} />
              </td>
              <td
                className={cn(cell, labelled, 'whitespace-nowrap text-slate-600')}
                data-label={t.created}
                title={formatDateTime(user.createdAt)}
              >
                {formatDate(user.createdAt)}
              </td>
              <td className={cn(cell, labelled, 'capitalize text-slate-700')} data-label={t.role}>
                {user.role === 'admin' ? t.roleCellAdmin : t.roleCellUser}
              </td>
              <td className={cn(cell, labelled)} data-label={t.status}>
                <StatusBadge status={user.status} />
              </td>
              <td className={cn(cell, 'whitespace-nowrap md:text-right')}>
                <div className="inline-flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => onEdit(user)} aria-label={t.editNamed(user.username)}>
                    {t.edit}
                  </Button>
                  {user.status === 'suspended' ? (
                    <Button size="sm" variant="secondary" onClick={() => onStatus(user)} aria-label={t.unsuspendNamed(user.username)}>
                      {t.unsuspend}
                    </Button>
                  ) : (
                    <Button size="sm" variant="danger" onClick={() => onStatus(user)} aria-label={t.suspendNamed(user.username)}>
                      {t.suspend}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
