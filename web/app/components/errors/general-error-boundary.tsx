/**
 * The error boundary every page route exports: a 404 reads as "Page not found", a 403 as a page
 * the member may not open, anything else as the unexpected-error screen. Inside the member or admin
 * layout the message takes the page's place, so the menus stay; elsewhere it stands alone.
 */
import { isRouteErrorResponse, useMatches, useRouteError } from '@remix-run/react';
import { ErrorView } from '~/components/error-view';
import { NotFoundView } from '~/components/not-found';
import { StandalonePage } from '~/components/standalone-page';
import { useSiteName } from '~/utils/site';
import { ForbiddenView } from './forbidden-view';

// Layouts that keep rendering (menus included) when one of their pages fails; a layout whose own
// loader failed has no data, and its boundary stands alone.
const LAYOUT_ROUTE_IDS: ReadonlySet<string> = new Set(['routes/_app', 'routes/admin']);

/** The words a page passed on with its status (a thrown Response's text: session.server.ts), when it did. */
function passedMessage(error: unknown): string | undefined {
  return isRouteErrorResponse(error) && typeof error.data === 'string' && error.data.trim() ? error.data : undefined;
}

export function ErrorMessage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenView />;
  const message = passedMessage(error);
  if (message) return <ErrorView message={message} />;
  // Only development builds show what went wrong; production shows the product's text alone.
  let details: string | undefined;
  if (import.meta.env.DEV) {
    details = error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error, null, 2);
  }
  return <ErrorView details={details} />;
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const siteName = useSiteName();
  const insideLayout = useMatches().some((match) => LAYOUT_ROUTE_IDS.has(match.id) && Boolean(match.data));
  if (insideLayout) return <ErrorMessage error={error} />;
  return (
    <StandalonePage siteName={siteName}>
      <ErrorMessage error={error} />
    </StandalonePage>
  );
}
