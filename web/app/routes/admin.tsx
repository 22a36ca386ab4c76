/**
 * The back office layout (/admin and its pages; decision 024, docs/product/admin.md). The loader is
 * the guard, on the server: anonymous → /login?redirectTo=<this page with its query>, a signed-in
 * member → `/`, an admin → the page. Child routes call requireAdmin again in their own loaders
 * (Remix runs a navigation's loaders in parallel, so the layout's redirect alone would not stop a
 * child's data from being fetched). Sidebar at 768px and wider, a drawer below; the header holds
 * the way back to the site, the admin's Profile and Logout.
 */
import { adminScreenTexts as t } from '@kora/contracts';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { Avatar } from '~/components/avatar';
import { AdminDrawer, AdminSidebar } from '~/components/admin/nav';
import { RowActionsProvider } from '~/components/admin/row-action';
import type { AdminLayoutData } from '~/components/admin/title';
import { LogOutIcon } from 'lucide-react';
import { LogoutForm } from '~/components/layout/logout-form';
import { PendingIndicator, usePageLoading } from '~/components/layout/pending-indicator';
import { requireAdminUser } from '~/utils/admin.server';
import { cn } from '~/utils/misc';
import { siteInfo } from '~/utils/site-info.server';
import { displayName } from '~/utils/user';

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, headers } = await requireAdminUser(request);
  const site = await siteInfo(request);
  return data({ user, siteName: site.siteName } satisfies AdminLayoutData & Record<string, unknown>, { headers });
}

export default function AdminLayout() {
  const { user, siteName } = useLoaderData<typeof loader>();
  const loading = usePageLoading();
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        {t.skipToContent}
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
          <AdminDrawer siteName={siteName} />
          <Link to="/admin" className="truncate text-base font-semibold text-slate-900">
            {siteName} <span className="text-brand-700">{t.admin}</span>
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <Link to="/" className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 sm:inline-flex">
              {t.backToSite}
            </Link>
            <NavLink
              to="/admin/profile"
              aria-label={t.profileOf(displayName(user))}
              title={t.profile}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 rounded-full py-1 pl-1 pr-1 hover:bg-slate-100 sm:pr-3',
                  isActive && 'bg-brand-50 text-brand-700',
                )
              }
            >
              <Avatar name={user.username} src={user.profileImage} className="size-8" />
              <span className="hidden text-sm font-medium sm:inline">{t.profile}</span>
            </NavLink>
            <LogoutForm>
              <button
                type="submit"
                aria-label={t.logout}
                title={t.logout}
                className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
              >
                <LogOutIcon />
              </button>
            </LogoutForm>
          </div>
        </div>
      </header>
      <div className="flex">
        <AdminSidebar className="sticky top-14 hidden h-[calc(100vh-3.5rem)] overflow-y-auto md:block" />
        <main id="main" aria-busy={loading || undefined} className="min-w-0 flex-1 px-3 py-5 sm:px-6">
          <PendingIndicator loading={loading} />
          <div className={cn('mx-auto w-full max-w-6xl transition-opacity', loading && 'opacity-60')}>
            <RowActionsProvider>
              <Outlet />
            </RowActionsProvider>
          </div>
        </main>
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
