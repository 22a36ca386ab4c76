/**
 * /unsubscribe?token=… — the daily digest's unsubscribe link (decision 020), for anyone holding the
 * link, signed in or not. Opening the page changes nothing (mail scanners follow links with GET):
 * the member presses Unsubscribe, a form POST the action sends to the settings service. A mail
 * client's RFC 8058 one-click POST to the same address (`List-Unsubscribe=One-Click` in the form,
 * the token in the URL) reaches the same action and works as well.
 */
import { accountTexts as texts, ErrorCode, SettingsErrorCode, settingsTexts, fromEnglish } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { StandalonePage } from '~/components/standalone-page';
import { Alert } from '~/components/ui/alert';
import { Card } from '~/components/ui/card';
import { SubmitButton } from '~/components/ui/submit-button';
import { errorStatus, isClientError } from '~/utils/api.server';
import { unsubscribeFromDigest } from '~/utils/settings.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(texts.unsubscribeTitle, siteNameFromMatches(matches)));

type Outcome = { ok: boolean; message: string; code?: string };

// The texts come from the loader and the action rather than from imports in the page: the settings
// texts would then be shared with /settings, and the build would move them into a chunk every page
// loads. (The page's branch on the code is also what keeps it in a chunk of its own: see decision 020.)
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, missing: token ? null : settingsTexts.unsubscribeInvalid };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = form.get('token');
  const token = (typeof field === 'string' && field) || new URL(request.url).searchParams.get('token') || '';
  if (!token) {
    return data<Outcome>(
      { ok: false, message: settingsTexts.unsubscribeInvalid, code: SettingsErrorCode.UnsubscribeInvalid },
      { status: 400 },
    );
  }
  try {
    const answer = await unsubscribeFromDigest(request, token);
    return data<Outcome>({ ok: true, message: fromEnglish(answer.message) });
  } catch (error) {
    const refused = isClientError(error);
    return data<Outcome>(
      { ok: false, message: refused ? error.message : settingsTexts.failed, code: refused ? error.code : ErrorCode.BadGateway },
      { status: errorStatus(error) },
    );
  }
}

export default function UnsubscribePage() {
  const { token, missing } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  // A link the service refused will never work: no button to press again. Other failures may pass.
  const hopeless = missing ?? (outcome && !outcome.ok && outcome.code === SettingsErrorCode.UnsubscribeInvalid ? outcome.message : null);

  return (
    <StandalonePage siteName={useSiteName()}>
      <Card className="space-y-6 p-6 sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{texts.digest}</h1>
        {outcome?.ok ? (
          <Alert tone="success">{outcome.message}</Alert>
        ) : hopeless ? (
          <Alert>{hopeless}</Alert>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-sm text-slate-700">{texts.unsubscribeQuestion}</p>
            {outcome ? <Alert>{outcome.message}</Alert> : null}
            <input type="hidden" name="token" value={token} />
            <SubmitButton busy={busy} busyLabel={texts.unsubscribing} className="w-full">
              {texts.unsubscribeTitle}
            </SubmitButton>
          </Form>
        )}
        <p className="border-t border-slate-200 pt-6 text-center text-sm">
          <Link to="/settings?tab=notifications" className="rounded font-semibold text-brand-700 hover:underline">
            {texts.notificationSettings}
          </Link>
        </p>
      </Card>
    </StandalonePage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
