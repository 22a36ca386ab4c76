/**
 * Security tab: change password. The button is enabled only when the current password is filled in
 * and the new one has at least 8 characters (the action enforces the same rule).
 */
import { securityTexts, uiTexts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useRef, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { canChangePassword } from '~/schemas/account';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { useHydrated } from '~/utils/use-hydrated';
import type { SecurityActionData } from './security';

export function ChangePasswordCard() {
  const fetcher = useFetcher<SecurityActionData>();
  const { toast } = useToast();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const busy = fetcher.state !== 'idle';

  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== 'change-password') return;
    if (answer.ok) {
      toast({ title: securityTexts.saved, description: securityTexts.savedDescription, variant: 'success' });
      formRef.current?.reset();
      setCurrent('');
      setNext('');
    } else {
      toast({ title: securityTexts.saveFailed, description: answer.error || securityTexts.changeFailed, variant: 'error' });
    }
  });

  // Before hydration the button stays usable so the form works without JavaScript (the action
  // applies the same rule).
  const enabled = !hydrated || canChangePassword(current, next);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{securityTexts.changePassword}</CardTitle>
      </CardHeader>
      <CardBody>
        <fetcher.Form ref={formRef} method="post" noValidate className="space-y-4 sm:max-w-md">
          <input type="hidden" name="intent" value="change-password" />
          <Field
            label={securityTexts.currentPassword}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            required
          />
          <Field
            label={securityTexts.newPassword}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            minLength={8}
            aria-describedby="new-password-hint"
            required
          />
          <p id="new-password-hint" className="-mt-2 text-xs text-slate-500">
            {securityTexts.newPasswordHint}
          </p>
          {fetcher.data?.intent === 'change-password' && !fetcher.data.ok && !busy ? <Alert>{fetcher.data.error}</Alert> : null}
          <SubmitButton busy={busy} disabled={!enabled} busyLabel={uiTexts.saving}>
            {securityTexts.changePassword}
          </SubmitButton>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}
