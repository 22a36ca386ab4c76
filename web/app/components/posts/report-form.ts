/**
 * The report form's fields (decision 024) and their reading on the server: which item (a post or a
 * comment, by `target` and `id`), a reason, an optional note; checked with the contracts' own
 * createReportBody so the web app refuses exactly what the API would.
 */
import { createReportBody, type CreateReportBody, type ReportTarget } from '@kora/contracts';
import { z } from 'zod';
import { parseForm, thenCheck, type FormResult } from '~/utils/form-submission';

export const REPORT_URL = '/resources/reports';

/** What /resources/reports answers: the API's thanks, or the text to show (and the status). */
export type ReportAnswer = { ok: true; message: string } | { ok: false; error: string; status: number };

const reportForm = thenCheck(
  z
    .object({ target: z.unknown().optional(), id: z.unknown().optional(), reason: z.unknown().optional(), note: z.unknown().optional() })
    .transform(({ target, id, reason, note }) => {
      const item = Number(id);
      const itemId = Number.isSafeInteger(item) && item > 0 ? item : undefined;
      return {
        postId: target === 'post' ? itemId : undefined,
        commentId: target === 'comment' ? itemId : undefined,
        reason: typeof reason === 'string' && reason ? reason : undefined,
        note: typeof note === 'string' ? note : '',
      };
    }),
  createReportBody,
);

export function parseReportForm(form: FormData): FormResult<CreateReportBody> {
  return parseForm(form, reportForm);
}

export type { ReportTarget };
