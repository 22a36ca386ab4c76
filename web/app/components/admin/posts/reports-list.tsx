/**
 * The Reported filter (decision 024): the open reports grouped by item, most reported first. Each
 * card shows the item (post or comment) and its author, how many reports and why, each reporter's
 * note, and the decisions: Resolve by removing it, Resolve by shadow-hiding it (posts only; a
 * comment can only be removed), or Dismiss. Any decision closes every open report on the item (PUT
 * /api/admin/reports/{id}) and each reporter is told the outcome.
 */
import { adminScreenTexts as t, adminTexts, reportReasonLabels, type AdminReportGroup } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { Card } from '~/components/ui/card';
import { buttonClasses } from '~/components/ui/button';
import { formatDateTime } from '~/utils/dates';
import { useRowAction } from '../row-action';

type Decision = {
  label: string;
  action: 'resolve' | 'dismiss';
  moderation?: 'remove' | 'shadow';
  variant: 'danger' | 'secondary' | 'ghost';
};

function decisionsFor(group: AdminReportGroup): Decision[] {
  const decisions: Decision[] = [{ label: t.resolveRemove, action: 'resolve', moderation: 'remove', variant: 'danger' }];
  if (group.targetType === 'post')
    decisions.push({ label: t.resolveShadow, action: 'resolve', moderation: 'shadow', variant: 'secondary' });
  decisions.push({ label: t.dismiss, action: 'dismiss', variant: 'ghost' });
  return decisions;
}

function DecisionButton({ group, decision }: { group: AdminReportGroup; decision: Decision }) {
  const { Form, busy } = useRowAction();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="id" value={group.id} />
      <input type="hidden" name="action" value={decision.action} />
      {decision.moderation ? <input type="hidden" name="moderation" value={decision.moderation} /> : null}
      <button
        type="submit"
        disabled={busy}
        className={buttonClasses(decision.variant, 'sm', decision.variant === 'ghost' ? 'border border-slate-300' : undefined)}
      >
        {decision.label}
      </button>
    </Form>
  );
}

function ReportCard({ group }: { group: AdminReportGroup }) {
  const isPost = group.targetType === 'post';
  const kind = isPost ? t.post : t.comment;
  return (
    <Card
      className="space-y-3 p-4"
      role="article"
      aria-label={isPost ? t.reportedPostBy(group.authorUsername) : t.reportedCommentBy(group.authorUsername)}
      data-report-group={group.id}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">{kind}</span>
        <span className="rounded-full bg-orange-100 px-2 py-0.5 font-semibold text-orange-900">{t.reportCount(group.reportCount)}</span>
        {group.isDeleted ? <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{t.deleted}</span> : null}
        {group.isShadowHidden ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t.shadowHidden}</span>
        ) : null}
        <span className="text-slate-500">{t.latest(formatDateTime(group.latestAt))}</span>
      </div>
      <blockquote className="whitespace-pre-wrap break-words border-l-4 border-slate-200 pl-3 text-slate-900">
        {group.content || <span className="italic text-slate-500">{t.noText}</span>}
      </blockquote>
      <p className="text-sm text-slate-600">
        {t.by}{' '}
        <Link to={`/profile/${group.authorId}`} className="font-medium text-slate-800 hover:underline">
          {group.authorUsername}
        </Link>{' '}
        ·{' '}
        <Link to={`/posts/${group.postId}`} className="text-brand-700 hover:underline">
          {isPost ? t.openPost : t.openPostItIsOn}
        </Link>
      </p>
      <p className="text-sm">
        <span className="font-medium text-slate-700">{t.reasons} </span>
        {group.reasons.map((reason) => reportReasonLabels[reason]).join(', ')}
      </p>
      <ul aria-label={t.reports} className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
        {group.reports.map((report) => (
          <li key={report.id} className="break-words">
            <span className="font-medium text-slate-800">{report.reporterUsername}</span>
            <span className="text-slate-500">
              {' '}
              · {reportReasonLabels[report.reason]} · {formatDateTime(report.createdAt)}
            </span>
            {report.note ? <span className="block text-slate-700">“{report.note}”</span> : null}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {decisionsFor(group).map((decision) => (
          <DecisionButton key={decision.label} group={group} decision={decision} />
        ))}
      </div>
    </Card>
  );
}

export function ReportsList({ groups }: { groups: AdminReportGroup[] }) {
  if (groups.length === 0) return <Card className="px-4 py-10 text-center text-slate-600">{adminTexts.noReports}</Card>;
  return (
    <div className="space-y-3">
      {groups.map((group) => (
        <ReportCard key={group.id} group={group} />
      ))}
    </div>
  );
}
