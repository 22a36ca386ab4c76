/**
 * /resources/notifications — for the live notifications store (bell, /notifications page), called
 * with plain fetch(): a fetcher submission would make every loader on the page run again each time
 * the bell opens (mark-seen). GET `?cursor=`: a page and the unread count; POST: a mark by `intent`
 * (schemas/notification-mark.ts), answering the API's {updated, unread}. Failures answer
 * the error shape `{ error, message, code }` with the server's text, else "Request failed" (the
 * product's interface only logs it).
 */
import { ErrorCode, errorBody, notificationPageQuery, notificationTexts } from '@kora/contracts';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { parseNotificationMark } from '~/schemas/notification-mark.server';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { jsonForPage } from '~/utils/json-for-page.server';
import { fetchNotificationPage, fetchUnreadCount, markNotifications } from '~/utils/notifications.server';
import { requireSession } from '~/utils/session.server';

function failure(error: unknown, headers: Headers): Response {
  return jsonForPage(errorAnswer(error, notificationTexts.requestFailed), { status: errorStatus(error), headers });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const query = notificationPageQuery.safeParse({ cursor: new URL(request.url).searchParams.get('cursor') ?? undefined });
  if (!query.success) return jsonForPage(errorBody(notificationTexts.cursorInvalid, ErrorCode.ValidationFailed), { status: 400, headers });
  try {
    const [page, unread] = await Promise.all([
      fetchNotificationPage(request, query.data.cursor ?? null, token),
      fetchUnreadCount(request, token),
    ]);
    return jsonForPage({ page, unread }, { headers });
  } catch (error) {
    return failure(error, headers);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const mark = parseNotificationMark(await request.formData());
  if (!mark) return jsonForPage(errorBody(notificationTexts.idsInvalid, ErrorCode.ValidationFailed), { status: 400, headers });
  try {
    return jsonForPage(await markNotifications(request, mark, token), { headers });
  } catch (error) {
    return failure(error, headers);
  }
}
