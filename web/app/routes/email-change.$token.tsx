/**
 * The links of an e-mail change (decision 034): `/email-change/{token}` from the mail to the new
 * address confirms it; `?cancel=1`, from the notice to the old address, cancels the change and
 * points to password reset. Opening the page changes nothing (mail scanners open links too): a
 * button posts the token, so it works without JavaScript and only a person's click counts.
 */
import { accountTexts as texts, uiTexts, fromEnglish } from '@kora/contracts';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthCard, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/ui/submit-button';
import { errorStatus, isClientError } from '~/utils/api.server';
import { cancelEmailChange, confirmEmailChange } from '~/utils/leaving.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(texts.emailChangeTitle, siteNameFromMatches(matches)));

export function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.token?.trim()) throw redirect('/login');
  return { cancel: new URL(request.url).searchParams.get('cancel') === '1' };
}

type Outcome = { ok: true; message: string; cancelled: boolean } | { ok: false; message: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token?.trim() ?? '';
  const cancel = (await request.formData()).get('intent') === 'cancel';
  try {
    const answer = cancel ? await cancelEmailChange(request, token) : await confirmEmailChange(request, token);
    return data<Outcome>({ ok: true, message: fromEnglish(answer.message), cancelled: cancel });
  } catch (error) {
    return data<Outcome>(
      { ok: false, message: isClientError(error) ? error.message : uiTexts.somethingWrong },
      { status: errorStatus(error) },
    );
  }
}

export default function EmailChangePage() {
  const { cancel } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const footer = (
    <p>
      <Link to="/login" className={textLink}>
        {texts.goToLogin}
      </Link>
    </p>
  );

  if (outcome?.ok) {
    return (
      <AuthCard title={outcome.cancelled ? texts.changeCancelled : texts.emailChanged} footer={footer}>
        <div className="space-y-4">
          <Alert tone="success">{outcome.message}</Alert>
          {outcome.cancelled ? (
            <Link to="/forgot-password" className={textLink}>
              {texts.resetYourPassword}
            </Link>
          ) : null}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={cancel ? texts.notMe : texts.confirmNewEmail} footer={footer}>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value={cancel ? 'cancel' : 'confirm'} />
        <p className="text-sm text-slate-600">{cancel ? texts.cancelIntro : texts.confirmIntro}</p>
        {outcome ? <Alert>{outcome.message}</Alert> : null}
        <SubmitButton
          busy={busy}
          busyLabel={cancel ? texts.cancelling : texts.confirming}
          variant={cancel ? 'danger' : 'primary'}
          className="w-full"
        >
          {cancel ? texts.cancelChange : texts.confirmEmail}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
