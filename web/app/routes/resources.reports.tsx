/**
 * /resources/reports — POST: a member reports a post or a comment (decision 024) from the report
 * dialog: checked with the contracts' schema, sent to POST /api/reports with the member's token.
 * Answers `{ ok, message }` or `{ ok: false, error }` with the API's status (409 already reported,
 * 403 one's own item, 404 gone); a server failure is 502 with "Request failed".
 */
import { adminTexts, postTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { parseReportForm, type ReportAnswer } from '~/components/posts/report-form';
import { errorMessage, errorStatus, isApiError } from '~/utils/api.server';
import { sendReport } from '~/utils/moderation.server';
import { requireSession } from '~/utils/session.server';

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const reply = (answer: ReportAnswer, status = 200) => data<ReportAnswer>(answer, { status, headers });
  const parsed = parseReportForm(await request.formData());
  if (!parsed.ok) return reply({ ok: false, error: parsed.error, status: 400 }, 400);
  try {
    const answer = await sendReport(request, token, parsed.data);
    return reply({ ok: true, message: answer.message || adminTexts.reportSent }, 201);
  } catch (error) {
    const status = errorStatus(error);
    // A second report of the same item: always our text, whatever the service words it as.
    const text = isApiError(error) && status === 409 ? adminTexts.alreadyReported : errorMessage(error, postTexts.requestFailed);
    return reply({ ok: false, error: text, status }, status);
  }
}

/** Nothing to show at this address: the dialog posts here. */
export function loader() {
  return data({ ok: false, error: 'Not found', status: 404 } satisfies ReportAnswer, { status: 404 });
}
