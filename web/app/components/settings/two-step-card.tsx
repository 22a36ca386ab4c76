/**
 * Security tab: two-step sign-in (decision 033). Off: a button starts set-up, which shows the QR
 * code and the key once, and a code turns it on; then the ten recovery codes, shown this once.
 * On: how many recovery codes are left, and a form that turns it off (password and a code).
 */
import { twoStepTexts as texts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import type { TwoStepActionData, TwoStepSetup, TwoStepStatus } from './two-step';

/** `status` is null when it could not be loaded; `required`: an admin sent here by the back office. */
export function TwoStepCard({ status, required }: { status: TwoStepStatus | null; required: boolean }) {
  const fetcher = useFetcher<TwoStepActionData>({ key: 'two-step' });
  const { toast } = useToast();
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;

  useFetcherResult(
    fetcher,
    (result) => {
      if (!result.ok) return;
      if (result.intent === 'two-step-setup') setSetup(result.setup);
      if (result.intent === 'two-step-confirm') {
        setSetup(null);
        setRecoveryCodes(result.recoveryCodes);
      }
      if (result.intent === 'two-step-disable') toast({ title: result.message, variant: 'success' });
    },
    { whileReloading: true },
  );
  const errorFor = (intent: TwoStepActionData['intent']) =>
    answer && !answer.ok && answer.intent === intent && !busy ? answer.error : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.cardTitle}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-4">
        {required && !status?.enabled ? <Alert tone="info">{texts.requiredForAdmins}</Alert> : null}
        {status === null ? (
          <Alert>{texts.fetchFailed}</Alert>
        ) : recoveryCodes ? (
          <div className="space-y-3">
            <h3 className="font-semibold text-slate-900">{texts.recoveryTitle}</h3>
            <p className="text-sm text-slate-700">{texts.recoveryHelp}</p>
            <ul aria-label={texts.recoveryTitle} className="grid grid-cols-2 gap-2 font-mono text-sm sm:max-w-md">
              {recoveryCodes.map((code) => (
                <li key={code} className="rounded-md bg-slate-100 px-2 py-1 text-center">
                  {code}
                </li>
              ))}
            </ul>
            <Button variant="secondary" onClick={() => setRecoveryCodes(null)}>
              {texts.done}
            </Button>
          </div>
        ) : status.enabled ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{texts.cardOn}</p>
            <p className="text-sm text-slate-600">{texts.recoveryLeft(status.recoveryCodesLeft)}</p>
            <fetcher.Form method="post" noValidate className="space-y-3 sm:max-w-md">
              <input type="hidden" name="intent" value="two-step-disable" />
              <p className="text-sm text-slate-600">{texts.turnOffHelp}</p>
              <Field label={texts.passwordLabel} name="password" type="password" autoComplete="current-password" required />
              <Field
                label={texts.codeOrRecoveryLabel}
                name="code"
                type="text"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={11}
                required
              />
              {errorFor('two-step-disable') ? <Alert>{errorFor('two-step-disable')}</Alert> : null}
              <SubmitButton variant="danger" busy={busy}>
                {texts.turnOff}
              </SubmitButton>
            </fetcher.Form>
          </div>
        ) : setup ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{texts.scanQr}</p>
            <img src={setup.qrCode} alt={texts.qrAlt} width={192} height={192} className="size-48 rounded-md border border-slate-200" />
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-700">{texts.secretLabel}</p>
              <code data-testid="two-step-secret" className="block break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-sm">
                {setup.secret}
              </code>
            </div>
            <fetcher.Form method="post" noValidate className="space-y-3 sm:max-w-xs">
              <input type="hidden" name="intent" value="two-step-confirm" />
              <Field
                label={texts.codeLabel}
                name="code"
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="one-time-code"
                maxLength={6}
                required
                error={errorFor('two-step-confirm')}
              />
              <SubmitButton busy={busy}>{texts.confirm}</SubmitButton>
            </fetcher.Form>
          </div>
        ) : (
          <fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="two-step-setup" />
            <p className="text-sm text-slate-700">{texts.cardOff}</p>
            {errorFor('two-step-setup') ? <Alert>{errorFor('two-step-setup')}</Alert> : null}
            <SubmitButton busy={busy}>{texts.setUp}</SubmitButton>
          </fetcher.Form>
        )}
      </CardBody>
    </Card>
  );
}
