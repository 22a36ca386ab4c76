/**
 * The report form's fields (issue 16) and their reading on the server: which item (a post or a
 * comment, by `target` and `id`), a reason, an optional note; checked with the contracts' own
 * createReportBody so the web app refuses exactly what the API would.
 */
import { createReportBody, type CreateReportBody, type ReportTarget } from '@kora/contracts';
import { parseWith, type FormResult } from '~/utils/forms';

export const REPORT_URL = '/resources/reports';

/** What /resources/reports answers: the API's thanks, or the text to show (and the status). */
export type ReportAnswer = { ok: true; message: string } | { ok: false; error: string; status: number };

export function parseReportForm(form: FormData): FormResult<CreateReportBody> {
  const target = form.get('target');
  const id = Number(form.get('id'));
  const reason = form.get('reason');
  const note = form.get('note');
  const item = Number.isSafeInteger(id) && id > 0 ? id : undefined;
  return parseWith(createReportBody, {
    postId: target === 'post' ? item : undefined,
    commentId: target === 'comment' ? item : undefined,
    reason: typeof reason === 'string' && reason ? reason : undefined,
    note: typeof note === 'string' ? note : '',
  });
}

export type { ReportTarget };
