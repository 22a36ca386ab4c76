/**
 * The audit log's rows (decision 024): when, who, what, on which target, and what changed (before →
 * after, one line per changed key). On phones each row is a block with its cells labelled.
 */
import { adminScreenTexts as t, adminTexts, type AdminAction, type AuditEntry } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { formatDateTime } from '~/utils/dates';
import { cn } from '~/utils/misc';
import { auditChanges } from './audit-diff';

/** An action's name, read at render (in the page's language). */
export function auditActionLabel(action: AdminAction): string {
  switch (action) {
    case 'user.edited':
      return t.auditUserEdited;
    case 'user.suspended':
      return t.auditUserSuspended;
    case 'user.unsuspended':
      return t.auditUserUnsuspended;
    case 'settings.updated':
      return t.auditSettingsUpdated;
    case 'post.removed':
      return t.postRemoved;
    case 'post.restored':
      return t.postRestored;
    case 'post.shadowed':
      return t.postShadowHidden;
    case 'post.unshadowed':
      return t.auditPostUnshadowed;
    case 'comment.removed':
      return t.auditCommentRemoved;
    case 'report.resolved':
      return t.reportResolved;
    case 'report.dismissed':
      return t.reportDismissed;
    case 'representative.reviewed':
      return t.auditApplicationReviewed;
  }
}

const cell = 'block px-3 py-1 md:table-cell md:py-3 md:align-top';
const labelled = 'before:mr-2 before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 font-mono text-xs">
      {changes.map((change, index) => (
        <li key={change.key ?? index} className="break-all">
          {change.key ? <span className="font-semibold text-slate-700">{change.key}: </span> : null}
          <span className="text-red-700">{change.before}</span>
          <span className="text-slate-500"> → </span>
          <span className="text-brand-700">{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="block w-full text-sm md:table">
        <thead className="hidden bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500 md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2.5">
              {t.when}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t.who}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t.action}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t.target}
            </th>
            <th scope="col" className="px-3 py-2.5">
              {t.beforeAfter}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group">
          {entries.map((entry) => (
            <tr key={entry.id} data-audit-row={entry.id} className="block py-2 md:table-row md:py-0">
              <td className={cn(cell, labelled, 'whitespace-nowrap text-slate-600')} data-label={t.when}>
                {formatDateTime(entry.createdAt)}
              </td>
              <td className={cn(cell, labelled)} data-label={t.who}>
                <Link to={`/profile/${entry.actorId}`} className="font-medium text-slate-800 hover:underline">
                  {entry.actorName}
                </Link>
                {/* Names repeat; the handle tells two admins of the same name apart. */}
                <span className="block text-xs text-slate-600">@{entry.actorUsername}</span>
              </td>
              <td className={cn(cell, labelled, 'font-medium')} data-label={t.action}>
                {auditActionLabel(entry.action)}
              </td>
              <td className={cn(cell, labelled, 'whitespace-nowrap')} data-label={t.target}>
                {entry.targetType} #{entry.targetId}
              </td>
              <td className={cn(cell, 'md:w-2/5')}>
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 0 ? <p className="px-4 py-10 text-center text-slate-600">{adminTexts.noAuditEntries}</p> : null}
    </div>
  );
}
