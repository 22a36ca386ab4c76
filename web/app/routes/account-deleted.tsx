/**
 * Where deleting your account lands (decision 034): this browser is signed out, every session has
 * ended, and the page says when the account will be erased and how to keep it (sign in before).
 */
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AuthCard, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) =>
  titleAndDescription(pageTitle('Account scheduled for deletion', siteNameFromMatches(matches)));

export function loader({ request }: LoaderFunctionArgs) {
  const at = new Date(new URL(request.url).searchParams.get('at') ?? '');
  // Written on the server, in UTC, so the page reads the same with or without JavaScript.
  const when = Number.isNaN(at.getTime())
    ? null
    : at.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' (UTC)';
  return { when };
}

export default function AccountDeletedPage() {
  const { when } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      title="Your account will be deleted"
      footer={
        <p>
          <Link to="/login" className={textLink}>
            Changed your mind? Sign in
          </Link>
        </p>
      }
    >
      <Alert tone="info">
        {when ? `Your account and everything in it will be erased on ${when}.` : 'Your account is scheduled for deletion.'} You have been
        signed out everywhere. Sign in again before then and your account stays as it is.
      </Alert>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
