import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ErrorMessage } from './components/errors/general-error-boundary';
import { StandalonePage } from './components/standalone-page';
import { ToastProvider } from './components/ui/toast';
import stylesheet from './tailwind.css?url';
import { getPublicEnv } from './utils/env.server';
import type { RootLoaderData } from './utils/layout-data';
import { useNonce } from './utils/nonce-provider';
import { useMarkHydrated } from './utils/use-mark-hydrated';
import { htmlThemeAttributes } from './utils/theme';
import { htmlLocaleAttributes } from './utils/page-locale';
import { currentLocale } from '@kora/contracts';
import { pagePreferences } from './utils/page-preferences.server';
import { useSiteName } from './utils/site';
import { jitlessZodInBrowser } from './utils/zod-jitless';
import { ThemeColorMeta } from './components/theme-color-meta';
import { APPLE_TOUCH_ICON, WEB_MANIFEST_PATH } from './utils/web-manifest';
import { siteDescription } from '~/utils/page-meta';

// Before any route builds a schema (see the module).
jitlessZodInBrowser();

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
  // Installing the app (decision 041).
  { rel: 'manifest', href: WEB_MANIFEST_PATH },
  { rel: 'apple-touch-icon', href: APPLE_TOUCH_ICON },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.ENV.SITE_NAME ?? 'Kora' },
  { name: 'description', content: siteDescription() },
];

export function loader(_args: LoaderFunctionArgs) {
  // The member's theme, language and time zone (decisions 043, 045), so the server's HTML is in them.
  const { theme, locale } = pagePreferences();
  return data<RootLoaderData>({ ENV: getPublicEnv(), theme, locale });
}

/** The document around both the app and the error screen. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useMarkHydrated();
  const root = useRouteLoaderData<typeof loader>('root');
  const theme = root?.theme ?? 'system';
  const locale = htmlLocaleAttributes(root?.locale ?? currentLocale());
  return (
    <html lang={locale.lang} data-time-zone={locale['data-time-zone']} {...htmlThemeAttributes(theme)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        <ThemeColorMeta theme={theme} />
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
  return (
    <StandalonePage siteName={siteName}>
      <ErrorMessage error={error} />
    </StandalonePage>
  );
}
