/**
 * /admin/audit (decision 024): the admin actions recorded by every service (GET /api/admin/audit),
 * newest first, filterable by action, numbered pages; the filter and page are in the URL.
 */
import { ADMIN_ACTIONS, adminScreenTexts, auditQuery } from '@kora/contracts';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useSubmit } from '@remix-run/react';
import { auditActionLabel, AuditTable } from '~/components/admin/audit/audit-table';
import { PageNumbers } from '~/components/admin/page-numbers';
import { adminMeta } from '~/components/admin/title';
import { Button } from '~/components/ui/button';
import { LoadError } from '~/components/ui/load-error';
import { loadAdminTable } from '~/utils/admin.server';
import { fetchAudit } from '~/utils/moderation.server';
import { PageSizeField, adminSelectClasses } from '~/components/admin/page-size-field';

export const meta = adminMeta(() => adminScreenTexts.auditLog);

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers, ...page } = await loadAdminTable(request, auditQuery, fetchAudit, adminScreenTexts.loadAuditFailed);
  return data({ ...page, list: page.list }, { headers });
}

export default function AdminAudit() {
  const { query, list, error } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{adminScreenTexts.auditLog}</h1>
      <Form
        method="get"
        aria-label={adminScreenTexts.filterAudit}
        className="flex flex-wrap items-end gap-3"
        key={`${query.action ?? ''}|${query.limit}`}
      >
        <label className="space-y-1">
          <span className="block text-xs font-medium text-slate-600">{adminScreenTexts.action}</span>
          <select
            name="action"
            defaultValue={query.action ?? ''}
            className={adminSelectClasses}
            onChange={(e) => submit(e.currentTarget.form)}
          >
            <option value="">{adminScreenTexts.allActions}</option>
            {ADMIN_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </select>
        </label>
        <PageSizeField limit={query.limit} />
        <noscript>
          <Button type="submit" className="h-11">
            {adminScreenTexts.apply}
          </Button>
        </noscript>
      </Form>
      {error ? <LoadError message={error} /> : null}
      {list ? (
        <>
          <AuditTable entries={list.items} />
          <PageNumbers page={query.page} totalPages={list.totalPages} total={list.total} pageSize={query.limit} shown={list.items.length} />
        </>
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
