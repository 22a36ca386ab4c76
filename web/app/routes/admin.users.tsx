/**
 * /admin/users (docs/product/admin.md; decision 024: Edit and Suspend wired). The table's state is
 * the URL's query (users-query.ts); the loader reads it and asks GET /api/admin/users. The action
 * edits a member (PUT /api/admin/users/{id}) or sets their status (PUT .../status: suspending ends
 * every session they have, so a suspended member is signed out wherever they are).
 */
import { adminScreenTexts, adminTexts, type AdminUserList } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { AdminUser } from '@kora/contracts';
import { EditUserDialog } from '~/components/admin/edit-user-dialog';
import { ExportButtons } from '~/components/admin/export-buttons';
import { adminMeta } from '~/components/admin/title';
import { changedFields, EDIT_USER_FETCHER, USER_STATUS_FETCHER, type UserActionData } from '~/components/admin/user-actions';
import { pageSummary, readUsersQuery, usersSearch } from '~/components/admin/users-query';
import { UsersTable } from '~/components/admin/users-table';
import { UsersToolbar } from '~/components/admin/users-toolbar';
import { buttonClasses } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { useToast } from '~/components/ui/toast';
import { requireAdmin } from '~/utils/admin.server';
import { editAdminUser, fetchAdminUsers, setAdminUserStatus } from '~/utils/admin-api.server';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { cn } from '~/utils/misc';
import { useFetcherResult } from '~/utils/use-fetcher-result';

export const meta = adminMeta(() => adminScreenTexts.users);

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireAdmin(request);
  const query = readUsersQuery(new URL(request.url).searchParams);
  let list: AdminUserList | null = null;
  let error: string | null = null;
  try {
    list = await fetchAdminUsers(request, token, query);
  } catch (failure) {
    error = errorMessage(failure, adminTexts.loadUsersFailed);
  }
  return data({ query, list, error }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = Number(form.get('id'));
  const reply = (answer: UserActionData, status = 200) => data(answer, { status, headers });
  if ((intent !== 'edit' && intent !== 'status') || !Number.isSafeInteger(id) || id < 1) {
    return reply({ intent: intent === 'status' ? 'status' : 'edit', ok: false, error: adminScreenTexts.chooseUserAndAction }, 400);
  }
  if (intent === 'edit') {
    const body = changedFields(form);
    if (Object.keys(body).length === 0) return reply({ intent, ok: true, message: adminTexts.userUpdated });
    try {
      await editAdminUser(request, token, id, body);
      return reply({ intent, ok: true, message: adminTexts.userUpdated });
    } catch (error) {
      return reply({ intent, ok: false, error: errorMessage(error, adminTexts.actionFailed) }, errorStatus(error));
    }
  }
  const status = form.get('status');
  if (status !== 'active' && status !== 'suspended') return reply({ intent, ok: false, error: adminScreenTexts.statusInvalid }, 400);
  try {
    await setAdminUserStatus(request, token, id, status);
    return reply({ intent, ok: true, message: status === 'suspended' ? adminTexts.userSuspended : adminTexts.userUnsuspended });
  } catch (error) {
    return reply({ intent, ok: false, error: errorMessage(error, adminTexts.actionFailed) }, errorStatus(error));
  }
}

function Pager({
  page,
  totalPages,
  total,
  hasPrev,
  hasNext,
  search,
}: {
  page: number;
  totalPages: number;
  total: number;
  hasPrev: boolean;
  hasNext: boolean;
  search: (page: number) => string;
}) {
  const link = (enabled: boolean, to: number, rel: 'prev' | 'next') => {
    const label = rel === 'prev' ? adminScreenTexts.prev : adminScreenTexts.next;
    return enabled ? (
      <Link to={search(to)} preventScrollReset className={buttonClasses('secondary', 'sm')} rel={rel}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(buttonClasses('secondary', 'sm'), 'cursor-not-allowed opacity-50')}>
        {label}
      </span>
    );
  };
  return (
    <nav
      aria-label={adminScreenTexts.pages}
      className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {pageSummary(page, totalPages, total)}
      </p>
      <div className="flex gap-2">
        {link(hasPrev, page - 1, 'prev')}
        {link(hasNext, page + 1, 'next')}
      </div>
    </nav>
  );
}

export default function AdminUsers() {
  const { query, list, error } = useLoaderData<typeof loader>();
  const { toast } = useToast();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const edit = useFetcher<UserActionData>({ key: EDIT_USER_FETCHER });
  const status = useFetcher<UserActionData>({ key: USER_STATUS_FETCHER });

  // The product's "Failed to load users" is a toast; the page also says so where the table would be.
  useEffect(() => {
    if (error)
      toast({ title: adminTexts.loadUsersFailed, description: error === adminTexts.loadUsersFailed ? undefined : error, variant: 'error' });
  }, [error, toast]);

  useFetcherResult(edit, (answer) => {
    if (!answer.ok) return; // shown inside the dialog
    setEditing(null);
    toast({ title: answer.message, variant: 'success' });
  });
  useFetcherResult(status, (answer) => {
    if (!answer.ok) return;
    setConfirming(null);
    toast({ title: answer.message, variant: 'success' });
  });

  const suspending = confirming?.status !== 'suspended';
  const statusError = status.data && !status.data.ok && status.state === 'idle' ? status.data.error : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{adminScreenTexts.users}</h1>
        <ExportButtons query={query} />
      </div>
      <UsersToolbar query={query} />
      <section aria-label={adminScreenTexts.users} className="overflow-hidden rounded-xl bg-white shadow-card">
        {list ? (
          <>
            <UsersTable users={list.items} onEdit={setEditing} onStatus={setConfirming} />
            <Pager
              page={query.page}
              totalPages={list.totalPages}
              total={list.total}
              hasPrev={list.hasPrev}
              hasNext={list.hasNext}
              search={(page) => usersSearch({ ...query, page }) || '?'}
            />
          </>
        ) : (
          <p role="alert" className="px-4 py-10 text-center text-red-700">
            {error}
          </p>
        )}
      </section>
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={
          suspending
            ? adminScreenTexts.suspendQuestion(confirming?.username ?? '')
            : adminScreenTexts.unsuspendQuestion(confirming?.username ?? '')
        }
        description={suspending ? adminScreenTexts.suspendHint : adminScreenTexts.unsuspendHint}
        confirmLabel={suspending ? adminScreenTexts.suspend : adminScreenTexts.unsuspend}
        busyLabel={suspending ? adminScreenTexts.suspending : adminScreenTexts.unsuspending}
        busy={status.state !== 'idle'}
        error={statusError}
        onConfirm={() => {
          if (!confirming) return;
          status.submit({ intent: 'status', id: String(confirming.id), status: suspending ? 'suspended' : 'active' }, { method: 'post' });
        }}
      />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
