/**
 * Where deleting your account lands (decision 034): this browser is signed out, every session has
 * ended, and the page says when the account will be erased and how to keep it (sign in before).
 */
import { accountTexts as texts } from '@kora/contracts';
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AuthCard, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { formatDateTime } from '~/utils/dates';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(texts.deletedTitle, siteNameFromMatches(matches)));

export function loader({ request }: LoaderFunctionArgs) {
  const at = new Date(new URL(request.url).searchParams.get('at') ?? '');
  // Written on the server, in the page's language and time zone (named), so the page reads the same with or without JavaScript.
  return { when: Number.isNaN(at.getTime()) ? null : formatDateTime(at) };
}

export default function AccountDeletedPage() {
  const { when } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      title={texts.deletedHeading}
      footer={
        <p>
          <Link to="/login" className={textLink}>
            {texts.changedMind}
          </Link>
        </p>
      }
    >
      <Alert tone="info">
        {when ? texts.erasedOn(when) : texts.scheduled} {texts.signedOutEverywhere}
      </Alert>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
