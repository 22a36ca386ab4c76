/**
 * /admin/audit (decision 024): the admin actions recorded by every service (GET /api/admin/audit),
 * newest first, filterable by action, numbered pages; the filter and page are in the URL.
 */
import { ADMIN_ACTIONS, auditQuery } from '@kora/contracts';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useSubmit } from '@remix-run/react';
import { AUDIT_ACTION_LABELS, AuditTable } from '~/components/admin/audit/audit-table';
import { PageNumbers } from '~/components/admin/page-numbers';
import { adminMeta } from '~/components/admin/title';
import { Button } from '~/components/ui/button';
import { LoadError } from '~/components/ui/load-error';
import { loadAdminTable } from '~/utils/admin.server';
import { fetchAudit } from '~/utils/moderation.server';
import { PageSizeField, adminSelectClasses } from '~/components/admin/page-size-field';

export const meta = adminMeta('Audit log');

const LOAD_FAILED = 'Failed to load the audit log';

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers, ...page } = await loadAdminTable(request, auditQuery, fetchAudit, LOAD_FAILED);
  return data({ ...page, list: page.list }, { headers });
}

export default function AdminAudit() {
  const { query, list, error } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Audit log</h1>
      <Form
        method="get"
        aria-label="Filter the audit log"
        className="flex flex-wrap items-end gap-3"
        key={`${query.action ?? ''}|${query.limit}`}
      >
        <label className="space-y-1">
          <span className="block text-xs font-medium text-slate-600">Action</span>
          <select
            name="action"
            defaultValue={query.action ?? ''}
            className={adminSelectClasses}
            onChange={(e) => submit(e.currentTarget.form)}
          >
            <option value="">All actions</option>
            {ADMIN_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </label>
        <PageSizeField limit={query.limit} />
        <noscript>
          <Button type="submit" className="h-11">
            Apply
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
