import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { StandalonePage } from '~/components/standalone-page';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Field } from '~/components/ui/input';
import { Spinner } from '~/components/ui/spinner';
import { FILL_ALL_FIELDS, parseLoginForm } from '~/schemas/login';
import { requireAnonymous } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle('Login', siteNameFromMatches(matches)) }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  requireAnonymous(request);
  const submission = parseLoginForm(await request.formData());
  if (!submission.success) {
    return data({ error: FILL_ALL_FIELDS }, { status: 400 });
  }
  // Placeholder until the accounts issue: it will call POST /api/signin through api.server.ts,
  // let the gateway set the token cookies, then redirect to safeRedirect(submission.data.redirectTo).
  // 400 like any refused form, not 5xx: nothing is broken, and the gateway logs 5xx as errors.
  return data({ error: 'Sign-in is not available yet' }, { status: 400 });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const siteName = useSiteName();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/login';

  return (
    <StandalonePage siteName={siteName}>
      <Card className="p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{siteName}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Sign in to see what your friends are sharing.</p>
        <Form method="post" noValidate className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
          <Field label="Email/Username" name="email" type="text" autoComplete="username" required />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          {actionData?.error ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {actionData.error}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? <Spinner className="[&_svg]:size-5 [&_svg]:text-white" /> : null}
            Login
          </Button>
        </Form>
        <div className="mt-4 text-center">
          <Link to="/forgot-password" className="rounded text-sm font-medium text-brand-700 hover:underline">
            Forgot password
          </Link>
        </div>
        <div className="mt-6 border-t border-slate-200 pt-6 text-center text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="rounded font-semibold text-brand-700 hover:underline">
            Register
          </Link>
        </div>
      </Card>
    </StandalonePage>
  );
}
