/** Catch-all: any path no other route matches is a 404 with the not-found screen (NotFoundScreen). */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { NotFoundScreen, notFoundMeta } from '~/components/layout/not-found-screen';
import { optionalAppLayout } from '~/utils/app-layout.server';

export const meta = notFoundMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return data(await optionalAppLayout(request), { status: 404 });
}

// A form posted to an unknown path gets the same 404 instead of a 405 error screen.
export async function action() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFoundScreen layout={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
