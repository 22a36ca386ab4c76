/**
 * /login (docs/product/accounts.md): the product name as title, Email/Username and Password, a
 * Forgot password link and a link to register. Sign-in stores the tokens in httpOnly cookies only
 * (cookies.server.ts) and goes to `redirectTo` (same-site paths only) or `/`. A signed-in visitor
 * is sent to `/`. An account that is not activated yet gets the server's message and a way to
 * resend the activation e-mail.
 */
import { AuthErrorCode } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { AuthCard, DevMailLink, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { parseEmailStep } from '~/schemas/forgot-password';
import { parseLoginForm } from '~/schemas/login';
import { resendActivation, signIn } from '~/utils/accounts.server';
import { errorMessage, errorStatus, isApiError } from '~/utils/api.server';
import { authCookies, cookieHeaders } from '~/utils/cookies.server';
import { devMailEnabled } from '~/utils/dev-mail.server';
import { typedValues } from '~/utils/form-submission';
import { safeRedirect } from '~/utils/redirect';
import { getIdentity, redirectIfSignedIn } from '~/utils/session.server';
import { siteInfo } from '~/utils/site-info.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) =>
  titleAndDescription(pageTitle('Login', siteNameFromMatches(matches)), 'Sign in to see what your friends share.');

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = await redirectIfSignedIn(request);
  // While an admin has sign-ups closed, the register link is not offered (decision 024).
  const [devMail, site] = await Promise.all([devMailEnabled(request), siteInfo(request)]);
  return data({ devMail, allowSignups: site.allowSignups }, { headers });
}

type LoginActionData = {
  intent: 'signin' | 'resend-activation';
  error?: string;
  /** The field the error is about (aria-invalid). */
  field?: string;
  /** NOT_ACTIVATED: offer to resend the activation mail. */
  notActivated?: boolean;
  notice?: string;
  /** What the visitor typed as Email/Username, kept for the resend form and no-JS re-render. */
  email?: string;
};

const SOMETHING_WRONG = 'Something went wrong';

export async function action({ request }: ActionFunctionArgs) {
  if (getIdentity(request)) return redirect('/');
  const form = await request.formData();
  const { email } = typedValues(form, ['email']);

  if (form.get('intent') === 'resend-activation') {
    const parsed = parseEmailStep(form);
    if (!parsed.ok) {
      return data<LoginActionData>({ intent: 'resend-activation', notActivated: true, error: parsed.error, email }, { status: 400 });
    }
    try {
      const answer = await resendActivation(request, parsed.data);
      return data<LoginActionData>({ intent: 'resend-activation', notice: answer.message, email });
    } catch (error) {
      return data<LoginActionData>(
        { intent: 'resend-activation', notActivated: true, error: errorMessage(error, SOMETHING_WRONG), email },
        { status: errorStatus(error) },
      );
    }
  }

  const parsed = parseLoginForm(form);
  if (!parsed.ok) {
    return data<LoginActionData>({ intent: 'signin', error: parsed.error, field: parsed.field, email }, { status: 400 });
  }
  let tokens;
  try {
    // Only the tokens matter here; the layout loads the member's profile itself.
    tokens = await signIn(request, parsed.data);
  } catch (error) {
    return data<LoginActionData>(
      {
        intent: 'signin',
        error: errorMessage(error, SOMETHING_WRONG),
        notActivated: isApiError(error) && error.code === AuthErrorCode.NotActivated,
        email,
      },
      { status: errorStatus(error) },
    );
  }
  // A sign-in that cancelled the account's deletion says so first (decision 034).
  const to = tokens.deletionCancelled ? '/welcome-back' : safeRedirect(form.get('redirectTo'));
  return redirect(to, { headers: cookieHeaders(authCookies(request, tokens)) });
}

export default function Login() {
  const { devMail, allowSignups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const siteName = useSiteName();
  const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith('/login');
  const intent = navigation.formData?.get('intent');
  const signingIn = submitting && intent !== 'resend-activation';
  const resending = submitting && intent === 'resend-activation';

  const signInError = actionData?.intent === 'signin' ? actionData.error : undefined;
  const resendError = actionData?.intent === 'resend-activation' ? actionData.error : undefined;
  const typed = actionData?.email ?? '';
  const reset = searchParams.get('reset') === '1';

  return (
    <AuthCard
      title={siteName}
      subtitle="Sign in to see what your friends are sharing."
      footer={
        <>
          {allowSignups ? (
            <p>
              Don&apos;t have an account?{' '}
              <Link to="/register" className={textLink}>
                Register
              </Link>
            </p>
          ) : null}
          <DevMailLink on={devMail} />
        </>
      }
    >
      {reset && !actionData ? (
        <Alert tone="success" className="mb-4">
          Your password has been reset. You can login now.
        </Alert>
      ) : null}
      <Form method="post" noValidate className="space-y-4" aria-describedby={signInError ? 'login-error' : undefined}>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <Field
          label="Email/Username"
          name="email"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={typed}
          required
          aria-invalid={actionData?.field === 'email' || undefined}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={actionData?.field === 'password' || undefined}
        />
        {signInError ? <Alert id="login-error">{signInError}</Alert> : null}
        <SubmitButton size="lg" className="w-full" busy={signingIn}>
          Login
        </SubmitButton>
      </Form>

      {actionData?.notActivated ? (
        <Form method="post" noValidate className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4">
          <input type="hidden" name="intent" value="resend-activation" />
          <p className="text-sm text-slate-700">Didn&apos;t get the activation e-mail?</p>
          <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={typed.includes('@') ? typed : ''} required />
          {resendError ? <Alert>{resendError}</Alert> : null}
          <SubmitButton variant="secondary" className="w-full" busy={resending}>
            Resend activation e-mail
          </SubmitButton>
        </Form>
      ) : null}
      {actionData?.intent === 'resend-activation' && actionData.notice ? (
        <Alert tone="success" className="mt-4">
          {actionData.notice}
        </Alert>
      ) : null}

      <div className="mt-4 text-center">
        <Link to="/forgot-password" className={`${textLink} text-sm font-medium`}>
          Forgot password
        </Link>
      </div>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
