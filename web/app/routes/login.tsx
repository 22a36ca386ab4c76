/**
 * /login (docs/product/accounts.md): the product name as title, Email/Username and Password, a
 * Forgot password link and a link to register. Sign-in stores the tokens in httpOnly cookies only
 * (cookies.server.ts) and goes to `redirectTo` (same-site paths only) or `/`. A signed-in visitor
 * is sent to `/`. An account that is not activated yet gets the server's message and a way to
 * resend the activation e-mail. An account with two-step sign-in on gets a code step after the
 * password, and the e-mailed link of a locked sign-in (`?unlock=`) offers its unlock button here
 * (decision 033).
 */
import { accountTexts as texts, AuthErrorCode, twoStepTexts, uiTexts, fromEnglish } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { AuthCard, DevMailLink, textLink } from '~/components/auth-card';
import { TwoStepCodeForm, UnlockForm, type TwoStepStep } from '~/components/login/two-step-code-form';
import { Alert } from '~/components/ui/alert';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { parseEmailStep } from '~/schemas/forgot-password';
import { parseLoginForm } from '~/schemas/login';
import { resendActivation, signIn, signInTwoStep, unlockSignIn } from '~/utils/accounts.server';
import { errorMessage, errorStatus, isApiError } from '~/utils/api.server';
import { authCookies, cookieHeaders } from '~/utils/cookies.server';
import { devMailEnabled } from '~/utils/dev-mail.server';
import { formText, typedValues } from '~/utils/form-submission';
import { safeRedirect } from '~/utils/redirect';
import { getIdentity, redirectIfSignedIn } from '~/utils/session.server';
import { siteInfo } from '~/utils/site-info.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) =>
  titleAndDescription(pageTitle(texts.login, siteNameFromMatches(matches)), texts.loginDescription);

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = await redirectIfSignedIn(request);
  // While an admin has sign-ups closed, the register link is not offered (decision 024).
  const [devMail, site] = await Promise.all([devMailEnabled(request), siteInfo(request)]);
  return data({ devMail, allowSignups: site.allowSignups }, { headers });
}

type LoginActionData =
  | TwoStepStep
  | {
      intent: 'signin' | 'resend-activation' | 'unlock';
      error?: string;
      /** The field the error is about (aria-invalid). */
      field?: string;
      /** NOT_ACTIVATED: offer to resend the activation mail. */
      notActivated?: boolean;
      notice?: string;
      /** What the visitor typed as Email/Username, kept for the resend form and no-JS re-render. */
      email?: string;
    };

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
      return data<LoginActionData>({ intent: 'resend-activation', notice: fromEnglish(answer.message), email });
    } catch (error) {
      return data<LoginActionData>(
        { intent: 'resend-activation', notActivated: true, error: errorMessage(error, uiTexts.somethingWrong), email },
        { status: errorStatus(error) },
      );
    }
  }

  if (form.get('intent') === 'unlock') {
    const token = formText(form, 'token');
    try {
      const answer = await unlockSignIn(request, token);
      return data<LoginActionData>({ intent: 'unlock', notice: fromEnglish(answer.message) });
    } catch (error) {
      return data<LoginActionData>(
        { intent: 'unlock', error: errorMessage(error, uiTexts.somethingWrong) },
        { status: errorStatus(error) },
      );
    }
  }

  const redirectTo = safeRedirect(form.get('redirectTo'));
  if (form.get('intent') === 'two-step' || form.get('intent') === 'two-step-mode') {
    const step: TwoStepStep = {
      intent: 'two-step',
      challenge: formText(form, 'challenge').slice(0, 200),
      mode: form.get('mode') === 'recovery' ? 'recovery' : 'totp',
      redirectTo,
    };
    if (form.get('intent') === 'two-step-mode') return data<LoginActionData>(step);
    const code = formText(form, 'code').trim();
    if (!code) {
      const error = step.mode === 'recovery' ? twoStepTexts.recoveryPrompt : twoStepTexts.codePrompt;
      return data<LoginActionData>({ ...step, error }, { status: 400 });
    }
    let tokens;
    try {
      tokens = await signInTwoStep(request, { challenge: step.challenge, code: code.slice(0, 40) });
    } catch (error) {
      // A spent or expired challenge: back to the password, with the reason.
      if (isApiError(error) && error.code === AuthErrorCode.TwoStepChallengeInvalid) {
        return data<LoginActionData>({ intent: 'signin', error: error.message }, { status: 401 });
      }
      return data<LoginActionData>({ ...step, error: errorMessage(error, uiTexts.somethingWrong) }, { status: errorStatus(error) });
    }
    const to = tokens.deletionCancelled ? '/welcome-back' : redirectTo;
    return redirect(to, { headers: cookieHeaders(authCookies(request, tokens)) });
  }

  const parsed = parseLoginForm(form);
  if (!parsed.ok) {
    return data<LoginActionData>({ intent: 'signin', error: parsed.error, field: parsed.field, email }, { status: 400 });
  }
  let outcome;
  try {
    // Only the tokens matter here; the layout loads the member's profile itself.
    outcome = await signIn(request, parsed.data);
  } catch (error) {
    return data<LoginActionData>(
      {
        intent: 'signin',
        error: errorMessage(error, uiTexts.somethingWrong),
        notActivated: isApiError(error) && error.code === AuthErrorCode.NotActivated,
        email,
      },
      { status: errorStatus(error) },
    );
  }
  if ('twoStep' in outcome) {
    return data<LoginActionData>({ intent: 'two-step', challenge: outcome.challenge, mode: 'totp', redirectTo });
  }
  // A sign-in that cancelled the account's deletion says so first (decision 034).
  const to = outcome.deletionCancelled ? '/welcome-back' : redirectTo;
  return redirect(to, { headers: cookieHeaders(authCookies(request, outcome)) });
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
  const unlockToken = searchParams.get('unlock');

  if (actionData?.intent === 'two-step') {
    return (
      <AuthCard title={twoStepTexts.codeStepTitle}>
        <TwoStepCodeForm step={actionData} busy={submitting && intent === 'two-step'} />
      </AuthCard>
    );
  }
  if (unlockToken && !(actionData?.intent === 'unlock' && actionData.notice) && actionData?.intent !== 'signin') {
    return (
      <AuthCard title={twoStepTexts.unlockTitle}>
        <UnlockForm token={unlockToken} busy={submitting} error={actionData?.intent === 'unlock' ? actionData.error : undefined} />
      </AuthCard>
    );
  }

  const signInError = actionData?.intent === 'signin' ? actionData.error : undefined;
  const resendError = actionData?.intent === 'resend-activation' ? actionData.error : undefined;
  const typed = actionData?.email ?? '';
  const reset = searchParams.get('reset') === '1';
  const unlockedNotice = actionData?.intent === 'unlock' ? actionData.notice : undefined;

  return (
    <AuthCard
      title={siteName}
      subtitle={texts.loginSubtitle}
      footer={
        <>
          {allowSignups ? (
            <p>
              {texts.noAccount}{' '}
              <Link to="/register" className={textLink}>
                {texts.register}
              </Link>
            </p>
          ) : null}
          <DevMailLink on={devMail} />
        </>
      }
    >
      {reset && !actionData ? (
        <Alert tone="success" className="mb-4">
          {texts.passwordReset}
        </Alert>
      ) : null}
      {unlockedNotice ? (
        <Alert tone="success" className="mb-4">
          {unlockedNotice}
        </Alert>
      ) : null}
      <Form method="post" noValidate className="space-y-4" aria-describedby={signInError ? 'login-error' : undefined}>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <Field
          label={texts.emailOrUsername}
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
          label={texts.password}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={actionData?.field === 'password' || undefined}
        />
        {signInError ? <Alert id="login-error">{signInError}</Alert> : null}
        <SubmitButton size="lg" className="w-full" busy={signingIn}>
          {texts.login}
        </SubmitButton>
      </Form>

      {actionData?.notActivated ? (
        <Form method="post" noValidate className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4">
          <input type="hidden" name="intent" value="resend-activation" />
          <p className="text-sm text-slate-700">{texts.noActivationMail}</p>
          <Field
            label={texts.email}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={typed.includes('@') ? typed : ''}
            required
          />
          {resendError ? <Alert>{resendError}</Alert> : null}
          <SubmitButton variant="secondary" className="w-full" busy={resending}>
            {texts.resendActivation}
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
          {texts.forgotPassword}
        </Link>
      </div>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
