/**
 * The signed-in layout shared by member pages: top bar, left menu (large screens), right panel
 * (wide screens). Signed-out visitors are sent to /login by getCurrentUser → requireIdentity.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { LeftMenu } from '~/components/layout/left-menu';
import { RightPanel } from '~/components/layout/right-panel';
import { TopBar } from '~/components/layout/top-bar';
import { useSiteName } from '~/utils/site';
import { getCurrentUser } from '~/utils/user.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return { user: await getCurrentUser(request) };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  const siteName = useSiteName();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <TopBar user={user} siteName={siteName} />
      <div className="mx-auto flex w-full max-w-[1600px]">
        <LeftMenu className="hidden lg:flex" />
        <main id="main" className="min-w-0 flex-1 px-3 py-4 sm:px-4 lg:px-6">
          <div className="mx-auto w-full max-w-[680px]">
            <Outlet />
          </div>
        </main>
        <RightPanel className="hidden xl:block" />
      </div>
    </>
  );
}
