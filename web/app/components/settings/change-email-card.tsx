/**
 * General tab: change your e-mail (decision 034). The e-mail field above stays read-only; this
 * asks for the new address and the password, and the address changes only when the link sent to
 * it is opened. Works without JavaScript: a plain form post answered on this page.
 */
import { leavingTexts, settingsScreenTexts } from '@kora/contracts';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import type { LeavingActionData } from './leaving';

export function ChangeEmailCard() {
  const answer = useActionData<LeavingActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'change-email';
  const outcome = answer?.intent === 'change-email' ? answer : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{leavingTexts.changeEmailTitle}</CardTitle>
      </CardHeader>
      <CardBody>
        {/* A fresh form after success: the typed password does not linger. */}
        <Form key={outcome?.ok ? outcome.notice : 'form'} method="post" noValidate className="space-y-4 sm:max-w-md">
          <input type="hidden" name="intent" value="change-email" />
          <p className="text-sm text-slate-600">{leavingTexts.changeEmailIntro}</p>
          <Field label={leavingTexts.newEmail} name="email" type="email" autoComplete="email" required />
          <Field label={settingsScreenTexts.password} name="password" type="password" autoComplete="current-password" required />
          {outcome && !outcome.ok ? <Alert>{outcome.error}</Alert> : null}
          {outcome?.ok ? <Alert tone="success">{outcome.notice}</Alert> : null}
          <SubmitButton busy={busy} busyLabel={leavingTexts.sending}>
            {leavingTexts.changeEmailTitle}
          </SubmitButton>
        </Form>
      </CardBody>
    </Card>
  );
}
