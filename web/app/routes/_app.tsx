/**
 * The signed-in layout shared by member pages (components/layout/app-shell.tsx): top bar, left
 * menu (large screens), right panel (wide screens), live notifications and the post modal.
 * requireUser sends signed-out visitors to /login (renewing an expired access token first).
 * A page that fails inside the layout (a 404 a loader throws, an unexpected error) shows its
 * message inside the layout too, so the member keeps the menus.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { ErrorMessage } from '~/components/errors/general-error-boundary';
import { AppShell } from '~/components/layout/app-shell';
import { StandalonePage } from '~/components/standalone-page';
import { loadAppLayout } from '~/utils/app-layout.server';
import type { AppLoaderData } from '~/utils/layout-data';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { useSiteName } from '~/utils/site';
import { useAppLayout } from '~/utils/use-app-layout';

export async function loader({ request }: LoaderFunctionArgs) {
  const { layout, headers } = await loadAppLayout(request);
  return data<AppLoaderData>(layout, { headers });
}

export const shouldRevalidate = shouldRevalidatePage;

export default function AppLayout() {
  const layout = useLoaderData<typeof loader>();
  return (
    <AppShell layout={layout}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useAppLayout();
  const siteName = useSiteName();
  const message = <ErrorMessage error={error} />;
  // The layout's own loader failed: there is no member to show the menus for.
  if (!layout) return <StandalonePage siteName={siteName}>{message}</StandalonePage>;
  return <AppShell layout={layout}>{message}</AppShell>;
}
