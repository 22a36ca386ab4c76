/**
 * The activation page, `/activate/{token}` (docs/product/accounts.md): no token → /login; signed in
 * → /; otherwise the loader activates the account (`POST /api/activate`, server-side: the token is
 * single-use, so the page never re-runs it — see shouldRevalidate). Success shows the product's
 * text, then /login after 5 seconds; a failure shows why (invalid, expired, already used) and
 * offers to resend the activation e-mail.
 */
import { accountTexts as texts, AuthErrorCode, authTexts, uiTexts, fromEnglish } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react';
import { AuthCard, LoginRedirectNotice, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { parseEmailStep } from '~/schemas/forgot-password';
import { activateAccount, resendActivation } from '~/utils/accounts.server';
import { errorStatus, isApiError, isClientError } from '~/utils/api.server';
import { getIdentity } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(texts.activateTitle, siteNameFromMatches(matches)));

const ACTIVATION_REDIRECT_MS = 5_000;

type Activation = { ok: true; message: string } | { ok: false; message: string; code: string };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token?.trim();
  if (!token) throw redirect('/login');
  if (getIdentity(request)) throw redirect('/');
  try {
    const answer = await activateAccount(request, token);
    return data<Activation>({ ok: true, message: fromEnglish(answer.message) || authTexts.activated });
  } catch (error) {
    const code = isApiError(error) ? error.code : 'UNKNOWN';
    const message = isClientError(error) ? error.message : uiTexts.somethingWrong;
    return data<Activation>({ ok: false, message, code }, { status: errorStatus(error) });
  }
}

// The token is single-use: re-running the loader (after the resend form, say) would report
// "already used" over the real outcome.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

type ResendResult = { notice: string } | { error: string };

export async function action({ request }: ActionFunctionArgs) {
  const parsed = parseEmailStep(await request.formData());
  if (!parsed.ok) return data<ResendResult>({ error: parsed.error }, { status: 400 });
  try {
    const answer = await resendActivation(request, parsed.data);
    return data<ResendResult>({ notice: fromEnglish(answer.message) || authTexts.activationResent });
  } catch (error) {
    return data<ResendResult>({ error: isClientError(error) ? error.message : uiTexts.somethingWrong }, { status: errorStatus(error) });
  }
}

export default function ActivatePage() {
  const activation = useLoaderData<typeof loader>();
  const resend = useActionData<typeof action>();
  const navigation = useNavigation();

  if (activation.ok) {
    return (
      <AuthCard title={texts.activated}>
        <LoginRedirectNotice message={activation.message} afterMs={ACTIVATION_REDIRECT_MS} />
      </AuthCard>
    );
  }

  // "Already used" means the account is active: login is the way on, not another e-mail.
  const offerResend = activation.code !== AuthErrorCode.ActivationUsed;
  return (
    <AuthCard
      title={texts.activationFailed}
      footer={
        <p>
          <Link to="/login" className={textLink}>
            {texts.backToLogin}
          </Link>
        </p>
      }
    >
      <Alert>{activation.message}</Alert>
      {offerResend ? (
        <Form method="post" noValidate className="mt-6 space-y-4">
          <p className="text-sm text-slate-700">{texts.newActivationLink}</p>
          <Field label={texts.email} name="email" type="email" autoComplete="email" required />
          {resend && 'error' in resend ? <Alert>{resend.error}</Alert> : null}
          {resend && 'notice' in resend ? <Alert tone="success">{resend.notice}</Alert> : null}
          <SubmitButton variant="secondary" className="w-full" busy={navigation.state === 'submitting'}>
            {texts.resendActivation}
          </SubmitButton>
        </Form>
      ) : null}
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
