/**
 * Where the app sends a missing profile (docs/product/navigation.md); answers 404 so crawlers do
 * not index it. A signed-in member keeps the app's layout (NotFoundScreen).
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { NotFoundScreen, notFoundMeta } from '~/components/layout/not-found-screen';
import { optionalAppLayout } from '~/utils/app-layout.server';

export const meta = notFoundMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return data(await optionalAppLayout(request), { status: 404 });
}

export default function NotFoundPage() {
  return <NotFoundScreen layout={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
