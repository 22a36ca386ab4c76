/**
 * /unsubscribe?token=… — the daily digest's unsubscribe link (decision 020), for anyone holding the
 * link, signed in or not. Opening the page changes nothing (mail scanners follow links with GET):
 * the member presses Unsubscribe, a form POST the action sends to the settings service. A mail
 * client's RFC 8058 one-click POST to the same address (`List-Unsubscribe=One-Click` in the form,
 * the token in the URL) reaches the same action and works as well.
 */
import { settingsTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthCard, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { SubmitButton } from '~/components/ui/submit-button';
import { errorStatus, isClientError } from '~/utils/api.server';
import { unsubscribeFromDigest } from '~/utils/settings.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle('Unsubscribe', siteNameFromMatches(matches)) }];

type Outcome = { ok: boolean; message: string };

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = form.get('token');
  const token = (typeof field === 'string' && field) || new URL(request.url).searchParams.get('token') || '';
  if (!token) return data<Outcome>({ ok: false, message: settingsTexts.unsubscribeInvalid }, { status: 400 });
  try {
    const answer = await unsubscribeFromDigest(request, token);
    return data<Outcome>({ ok: true, message: answer.message });
  } catch (error) {
    return data<Outcome>({ ok: false, message: isClientError(error) ? error.message : settingsTexts.failed }, { status: errorStatus(error) });
  }
}

export default function UnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';

  return (
    <AuthCard title="Daily e-mail digest" footer={<Link to="/settings?tab=notifications" className={textLink}>Notification settings</Link>}>
      {outcome?.ok ? (
        <Alert tone="success">{outcome.message}</Alert>
      ) : !token ? (
        <Alert>{settingsTexts.unsubscribeInvalid}</Alert>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">Stop receiving the daily e-mail digest of your unread notifications?</p>
          {outcome ? <Alert>{outcome.message}</Alert> : null}
          <input type="hidden" name="token" value={token} />
          <SubmitButton busy={busy} busyLabel="Unsubscribing…" className="w-full">
            Unsubscribe
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
