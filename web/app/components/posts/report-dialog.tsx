/**
 * "Report" from a post's or a comment's menu (decision 024): a dialog (Radix, focus trapped,
 * labelled) with the reasons as radio buttons, an optional note (at most 500 characters, counted)
 * and Send. Sent to /resources/reports; on success the dialog closes with the thanks as a toast, a
 * second report of the same item closes it with "You have already reported this.", any other
 * refusal stays in the dialog so the member can try again.
 */
import { adminTexts, postScreenTexts as texts, REPORT_NOTE_MAX, REPORT_REASONS, reportReasonLabels } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState, type RefObject } from 'react';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { DialogActions } from '~/components/ui/dialog-actions';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { REPORT_URL, type ReportAnswer, type ReportTarget } from './report-form';

export function ReportDialog({
  open,
  onOpenChange,
  target,
  id,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ReportTarget;
  id: number;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<ReportAnswer>();
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [formKey, setFormKey] = useState(0);
  const busy = fetcher.state !== 'idle';
  const noteId = useId();
  const legendId = useId();

  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (!open) return;
    setError(null);
    setNote('');
    setFormKey((key) => key + 1);
  }, [open]);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: texts.reportSent, description: answer.message || adminTexts.reportSent, variant: 'success' });
      onOpenChange(false);
    } else if (answer.status === 409) {
      toast({ title: adminTexts.alreadyReported, variant: 'info' });
      onOpenChange(false);
    } else {
      setError(answer.error);
    }
  });

  const title = target === 'post' ? texts.reportPost : texts.reportComment;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title={title}
      description={texts.reportDescription}
      returnFocusTo={returnFocusTo}
    >
      <fetcher.Form key={formKey} method="post" action={REPORT_URL} className="space-y-4" onSubmit={() => setError(null)}>
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="id" value={id} />
        <fieldset aria-labelledby={legendId} className="space-y-2">
          <p id={legendId} className="text-sm font-medium text-slate-700">
            {texts.reportReason}
          </p>
          {REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="reason" value={reason} required className="size-4 accent-brand-600" />
              {reportReasonLabels[reason]}
            </label>
          ))}
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-700">
            {texts.reportNote}
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={3}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={`${noteId}-count`}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
          <p id={`${noteId}-count`} className="text-right text-xs text-slate-500">
            {note.length}/{REPORT_NOTE_MAX}
          </p>
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <DialogActions busy={busy} onCancel={() => onOpenChange(false)} submitLabel={texts.send} busyLabel={texts.sending} />
      </fetcher.Form>
    </Modal>
  );
}
