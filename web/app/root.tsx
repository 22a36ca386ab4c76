import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ErrorView } from './components/error-view';
import { NotFoundView } from './components/not-found';
import { StandalonePage } from './components/standalone-page';
import { ToastProvider } from './components/ui/toast';
import stylesheet from './tailwind.css?url';
import { getPublicEnv } from './utils/env.server';
import type { RootLoaderData } from './utils/layout-data';
import { useNonce } from './utils/nonce-provider';
import { useMarkHydrated } from './utils/use-mark-hydrated';
import { useSiteName } from './utils/site';
import { jitlessZodInBrowser } from './utils/zod-jitless';
import { SITE_DESCRIPTION } from '~/utils/page-meta';

// Before any route builds a schema (see the module).
jitlessZodInBrowser();

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.ENV.SITE_NAME ?? 'Kora' },
  { name: 'description', content: SITE_DESCRIPTION },
];

export async function loader(): Promise<RootLoaderData> {
  return { ENV: getPublicEnv() };
}

/** The document around both the app and the error screen. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useMarkHydrated();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        <meta name="theme-color" content="#0a7d4f" />
        <Meta />
        <Links />
      </head>
      <body>
        <ToastProvider>{children}</ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const siteName = useSiteName();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StandalonePage siteName={siteName}>
        <NotFoundView />
      </StandalonePage>
    );
  }

  // Only development builds show what went wrong; production shows the product's text alone.
  let details: string | undefined;
  if (import.meta.env.DEV) {
    details = error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error, null, 2);
  }
  return (
    <StandalonePage siteName={siteName}>
      <ErrorView details={details} />
    </StandalonePage>
  );
}
