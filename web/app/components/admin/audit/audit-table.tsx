/**
 * The audit log's rows (decision 024): when, who, what, on which target, and what changed (before →
 * after, one line per changed key). On phones each row is a block with its cells labelled.
 */
import { adminTexts, type AdminAction, type AuditEntry } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { formatDateTime } from '~/utils/dates';
import { cn } from '~/utils/misc';
import { auditChanges } from './audit-diff';

export const AUDIT_ACTION_LABELS: Record<AdminAction, string> = {
  'user.edited': 'User edited',
  'user.suspended': 'User suspended',
  'user.unsuspended': 'User reinstated',
  'settings.updated': 'Settings updated',
  'post.removed': 'Post removed',
  'post.restored': 'Post restored',
  'post.shadowed': 'Post shadow-hidden',
  'post.unshadowed': 'Post unshadowed',
  'comment.removed': 'Comment removed',
  'report.resolved': 'Report resolved',
  'report.dismissed': 'Report dismissed',
  'representative.reviewed': 'Application reviewed',
};

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
              When
            </th>
            <th scope="col" className="px-3 py-2.5">
              Who
            </th>
            <th scope="col" className="px-3 py-2.5">
              Action
            </th>
            <th scope="col" className="px-3 py-2.5">
              Target
            </th>
            <th scope="col" className="px-3 py-2.5">
              Before → after
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group">
          {entries.map((entry) => (
            <tr key={entry.id} data-audit-row={entry.id} className="block py-2 md:table-row md:py-0">
              <td className={cn(cell, labelled, 'whitespace-nowrap text-slate-600')} data-label="When">
                {formatDateTime(entry.createdAt)}
              </td>
              <td className={cn(cell, labelled)} data-label="Who">
                <Link to={`/profile/${entry.actorId}`} className="font-medium text-slate-800 hover:underline">
                  {entry.actorName}
                </Link>
                {/* Names repeat; the handle tells two admins of the same name apart. */}
                <span className="block text-xs text-slate-600">@{entry.actorUsername}</span>
              </td>
              <td className={cn(cell, labelled, 'font-medium')} data-label="Action">
                {AUDIT_ACTION_LABELS[entry.action]}
              </td>
              <td className={cn(cell, labelled, 'whitespace-nowrap')} data-label="Target">
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
