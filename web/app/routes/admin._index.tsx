/**
 * The admin dashboard (docs/product/admin.md: four stat cards; decision 024: a 30-day chart). The
 * stats are streamed: the page answers at once with "-" in every card and the numbers follow when
 * the admin service answers (a promise in the loader's data, <Await> in the page). A failure leaves
 * the dashes and is logged as "Failed to load stats" (docs/product/admin.md: console only), on the
 * server and in the browser.
 */
import { adminScreenTexts, adminTexts, type AdminStats } from '@kora/contracts';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Await, useLoaderData } from '@remix-run/react';
import { Suspense, useEffect } from 'react';
import { DailyChart } from '~/components/admin/daily-chart';
import { StatCards } from '~/components/admin/stat-cards';
import { adminMeta } from '~/components/admin/title';
import { requireAdmin } from '~/utils/admin.server';
import { fetchAdminStats } from '~/utils/admin-api.server';

export const meta = adminMeta(() => adminScreenTexts.dashboard);

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const stats: Promise<AdminStats | null> = fetchAdminStats(request, token).catch((error: unknown) => {
    console.error(adminTexts.loadStatsFailed, error instanceof Error ? error.message : error);
    return null;
  });
  return { stats };
}

function LogFailure() {
  useEffect(() => console.error(adminTexts.loadStatsFailed), []);
  return null;
}

function Loaded({ stats }: { stats: AdminStats | null }) {
  return (
    <>
      <StatCards stats={stats} />
      {stats ? <DailyChart daily={stats.daily} /> : <LogFailure />}
    </>
  );
}

export default function AdminDashboard() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{adminScreenTexts.dashboard}</h1>
      <Suspense fallback={<StatCards stats={null} />}>
        <Await resolve={stats} errorElement={<Loaded stats={null} />}>
          {(resolved) => <Loaded stats={resolved} />}
        </Await>
      </Suspense>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
