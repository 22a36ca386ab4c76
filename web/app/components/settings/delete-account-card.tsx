/**
 * Security tab: delete your account (decision 034). The password confirms it; a wallet with money
 * in it comes back with the server's warning and a box to tick before it goes on. With two-step
 * sign-in on, a code from the app (or a recovery code) confirms it too (decision 033). Success leaves
 * the page (the action signs this browser out). Works without JavaScript: a plain form post.
 */
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import type { LeavingActionData } from './leaving';
import { leavingTexts, settingsScreenTexts, twoStepTexts } from '@kora/contracts';

export function DeleteAccountCard({ twoStepOn }: { twoStepOn: boolean }) {
  const answer = useActionData<LeavingActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'delete-account';
  const failed = answer?.intent === 'delete-account' && !answer.ok ? answer : null;

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>{leavingTexts.deleteTitle}</CardTitle>
      </CardHeader>
      <CardBody>
        <Form method="post" noValidate className="space-y-4 sm:max-w-md" aria-describedby="delete-account-intro">
          <input type="hidden" name="intent" value="delete-account" />
          <p id="delete-account-intro" className="text-sm text-slate-600">
            {leavingTexts.deleteIntro}
          </p>
          <Field label={settingsScreenTexts.password} name="password" type="password" autoComplete="current-password" required />
          {twoStepOn ? (
            <Field label={twoStepTexts.codePrompt} name="code" inputMode="text" autoComplete="one-time-code" maxLength={20} required />
          ) : null}
          {failed ? <Alert>{failed.error}</Alert> : null}
          {failed?.confirmBalance ? (
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" name="confirmBalance" required className="mt-1 size-4 accent-red-600" />
              <span>{leavingTexts.confirmBalance}</span>
            </label>
          ) : null}
          <SubmitButton busy={busy} busyLabel={leavingTexts.deleting} variant="danger">
            {leavingTexts.deleteAccount}
          </SubmitButton>
        </Form>
      </CardBody>
    </Card>
  );
}
