/**
 * GET /admin/users/export?format=csv|json&search&sort&dir: the users table's export, downloaded
 * through the app (the admin's cookie carries the auth) and streamed from the gateway as users.csv
 * or users.json. Called by the Export buttons with fetch; a plain link to it works as well.
 */
import { adminScreenTexts, EXPORT_FORMATS, ErrorCode, errorBody, type ExportFormat } from '@kora/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { readUsersQuery } from '~/components/admin/users-query';
import { requireAdmin } from '~/utils/admin.server';
import { streamUsersExport } from '~/utils/admin-export.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireAdmin(request, { resource: true });
  const params = new URL(request.url).searchParams;
  const format = params.get('format') ?? 'csv';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    return Response.json(errorBody(adminScreenTexts.exportFormatInvalid, ErrorCode.BadRequest), { status: 400, headers });
  }
  const { search, sort, dir } = readUsersQuery(params);
  return streamUsersExport(request, token, { search, sort, dir, format: format as ExportFormat }, headers);
}
