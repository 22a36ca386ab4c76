/**
 * Where signing in lands when that sign-in cancelled the account's scheduled deletion
 * (decision 034): the member is told so once, then goes on to the feed.
 */
import { accountTexts as texts, authTexts } from '@kora/contracts';
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { AuthCard } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { getIdentity } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(texts.welcomeBack, siteNameFromMatches(matches)));

export function loader({ request }: LoaderFunctionArgs) {
  if (!getIdentity(request)) throw redirect('/login');
  return null;
}

export default function WelcomeBackPage() {
  return (
    <AuthCard title={texts.welcomeBack}>
      <div className="space-y-4">
        <Alert tone="success">{authTexts.deletionCancelled}</Alert>
        <Link to="/" className={buttonClasses('primary', 'md', 'w-full')}>
          {texts.goToFeed}
        </Link>
      </div>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
