/**
 * One representative application (decision 024): its ten fields as the applicant gave them, its
 * review state, and the review form (status and a note for the team; PUT
 * /api/admin/representatives/{id}).
 */
import {
  adminScreenTexts as t,
  REPRESENTATIVE_REVIEW_NOTE_MAX,
  REPRESENTATIVE_STATUSES,
  type Representative,
  type RepresentativeStatus,
} from '@kora/contracts';
import { useId } from 'react';
import { REPRESENTATIVE_FORM_FIELDS } from '~/components/representative/representative-fields';
import { Card } from '~/components/ui/card';
import { inputClasses } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { formatDateTime } from '~/utils/dates';
import { cn } from '~/utils/misc';
import { useRowAction } from '../row-action';

/** A review state's name, read at render (in the page's language). */
export function representativeStatusLabel(status: RepresentativeStatus): string {
  switch (status) {
    case 'new':
      return t.statusNew;
    case 'contacted':
      return t.statusContacted;
    case 'accepted':
      return t.statusAccepted;
    case 'rejected':
      return t.statusRejected;
  }
}

const STATUS_TONES: Record<RepresentativeStatus, string> = {
  new: 'bg-sky-100 text-sky-900',
  contacted: 'bg-amber-100 text-amber-900',
  accepted: 'bg-brand-100 text-brand-800',
  rejected: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status }: { status: RepresentativeStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_TONES[status])}>{representativeStatusLabel(status)}</span>
  );
}

export function ApplicationCard({ application }: { application: Representative }) {
  const { Form, busy, isPending } = useRowAction();
  const id = useId();
  return (
    <Card
      className="space-y-4 p-4 sm:p-5"
      role="article"
      aria-label={t.applicationFrom(application.name)}
      data-application={application.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{application.name}</h2>
        <StatusBadge status={application.status} />
        <span className="text-xs text-slate-500">
          {t.applied(formatDateTime(application.createdAt))}
          {application.reviewedAt ? ` · ${t.reviewed(formatDateTime(application.reviewedAt))}` : ''}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {REPRESENTATIVE_FORM_FIELDS.map((field) => (
          <div key={field.name} className={cn('min-w-0', field.multiline && 'sm:col-span-2')}>
            <dt className="text-xs font-medium text-slate-500">{field.label}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{application[field.name]}</dd>
          </div>
        ))}
      </dl>
      {application.reviewNote ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <span className="font-medium">{t.reviewNote} </span>
          {application.reviewNote}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-end">
        <input type="hidden" name="id" value={application.id} />
        <label className="space-y-1">
          <span className="block text-xs font-medium text-slate-600">{t.status}</span>
          <select name="status" defaultValue={application.status} className={cn(inputClasses, 'sm:w-40')}>
            {REPRESENTATIVE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {representativeStatusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 flex-1 space-y-1" htmlFor={`${id}-note`}>
          <span className="block text-xs font-medium text-slate-600">{t.note}</span>
          <input
            id={`${id}-note`}
            name="note"
            defaultValue={application.reviewNote}
            maxLength={REPRESENTATIVE_REVIEW_NOTE_MAX}
            placeholder={t.notePlaceholder}
            className={inputClasses}
          />
        </label>
        <SubmitButton busy={isPending(application.id)} disabled={busy} busyLabel={t.saving} className="h-11">
          {t.saveReview}
        </SubmitButton>
      </Form>
    </Card>
  );
}
