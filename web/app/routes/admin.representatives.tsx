/**
 * /admin/representatives (decision 024): the applications from /representative, newest first,
 * filterable by status (all, new, contacted, accepted, rejected), numbered pages; each one's review
 * (status and note) is posted to this route's action and the list reloads after.
 */
import { adminScreenTexts, adminTexts, representativesQuery, reviewRepresentativeBody } from '@kora/contracts';
import { z } from 'zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useSubmit } from '@remix-run/react';
import { PageNumbers } from '~/components/admin/page-numbers';
import { ApplicationCard, representativeStatusLabel } from '~/components/admin/representatives/application-card';
import type { RowActionData } from '~/components/admin/row-action';
import { adminMeta } from '~/components/admin/title';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { LoadError } from '~/components/ui/load-error';
import { loadAdminTable, requireAdmin } from '~/utils/admin.server';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { parseForm, textField, thenCheck } from '~/utils/form-submission';
import { fetchRepresentatives, reviewRepresentative } from '~/utils/moderation.server';
import { PageSizeField, adminSelectClasses } from '~/components/admin/page-size-field';

export const meta = adminMeta(() => adminScreenTexts.representatives);

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers, ...page } = await loadAdminTable(
    request,
    representativesQuery,
    fetchRepresentatives,
    adminScreenTexts.loadApplicationsFailed,
  );
  return data({ ...page, list: page.list }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireAdmin(request, { resource: true });
  const reply = (body: RowActionData, status = 200) => data<RowActionData>(body, { status, headers });
  const form = await request.formData();
  const id = Number(form.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) return reply({ ok: false, error: adminTexts.applicationNotFound }, 404);
  const parsed = parseForm(form, reviewForm);
  if (!parsed.ok) return reply({ ok: false, error: parsed.error }, 400);
  try {
    await reviewRepresentative(request, token, id, parsed.data);
    return reply({ ok: true, message: adminScreenTexts.reviewSaved });
  } catch (error) {
    return reply({ ok: false, error: errorMessage(error, adminTexts.tryAgain) }, errorStatus(error));
  }
}

const reviewForm = thenCheck(z.object({ status: z.unknown().optional(), note: textField }), reviewRepresentativeBody);

const FILTERS = ['all', 'new', 'contacted', 'accepted', 'rejected'] as const;

export default function AdminRepresentatives() {
  const { query, list, error } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{adminScreenTexts.representatives}</h1>
      <Form
        method="get"
        aria-label={adminScreenTexts.filterApplications}
        className="flex flex-wrap items-end gap-3"
        key={`${query.status}|${query.limit}`}
      >
        <label className="space-y-1">
          <span className="block text-xs font-medium text-slate-600">{adminScreenTexts.status}</span>
          <select name="status" defaultValue={query.status} className={adminSelectClasses} onChange={(e) => submit(e.currentTarget.form)}>
            {FILTERS.map((status) => (
              <option key={status} value={status}>
                {status === 'all' ? adminScreenTexts.all : representativeStatusLabel(status)}
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
          {list.items.length === 0 ? (
            <Card className="px-4 py-10 text-center text-slate-600">{adminTexts.noApplications}</Card>
          ) : (
            <div className="space-y-3">
              {list.items.map((application) => (
                <ApplicationCard key={`${application.id}-${application.status}-${application.reviewNote}`} application={application} />
              ))}
            </div>
          )}
          <PageNumbers page={query.page} totalPages={list.totalPages} total={list.total} pageSize={query.limit} shown={list.items.length} />
        </>
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
