/**
 * The login's second step (decision 033): after a right password for an account with two-step
 * sign-in on, a code from the authenticator app, or a recovery code. Plain forms posted to /login,
 * so it works without JavaScript; the challenge travels in a hidden field (opaque, single use).
 */
import { twoStepTexts as texts } from '@kora/contracts';
import { Form, Link } from '@remix-run/react';
import { textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';

export type TwoStepMode = 'totp' | 'recovery';

export interface TwoStepStep {
  intent: 'two-step';
  challenge: string;
  mode: TwoStepMode;
  redirectTo: string;
  error?: string;
}

export function TwoStepCodeForm({ step, busy }: { step: TwoStepStep; busy: boolean }) {
  const recovery = step.mode === 'recovery';
  const hidden = (
    <>
      <input type="hidden" name="challenge" value={step.challenge} />
      <input type="hidden" name="redirectTo" value={step.redirectTo} />
    </>
  );
  return (
    <div className="space-y-4">
      <p id="two-step-prompt" className="text-sm text-slate-700">
        {recovery ? texts.recoveryPrompt : texts.codePrompt}
      </p>
      {/* key: switching mode gives a fresh, empty input */}
      <Form key={step.mode} method="post" noValidate className="space-y-4" aria-describedby="two-step-prompt">
        <input type="hidden" name="intent" value="two-step" />
        <input type="hidden" name="mode" value={step.mode} />
        {hidden}
        <Field
          label={recovery ? texts.recoveryLabel : texts.codeLabel}
          name="code"
          type="text"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          pattern={recovery ? undefined : '[0-9]*'}
          maxLength={recovery ? 11 : 6}
          autoCapitalize="none"
          spellCheck={false}
          required
          error={step.error}
        />
        <SubmitButton size="lg" className="w-full" busy={busy}>
          {texts.verify}
        </SubmitButton>
      </Form>
      <Form method="post" className="text-center">
        <input type="hidden" name="intent" value="two-step-mode" />
        <input type="hidden" name="mode" value={recovery ? 'totp' : 'recovery'} />
        {hidden}
        <Button type="submit" variant="ghost" size="sm">
          {recovery ? texts.useApp : texts.useRecovery}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to="/login" className={textLink}>
          {texts.startOver}
        </Link>
      </p>
    </div>
  );
}

/** The e-mailed unlock link lands on /login?unlock=<token>: one button, so a mail scanner's GET unlocks nothing. */
export function UnlockForm({ token, busy, error }: { token: string; busy: boolean; error?: string | undefined }) {
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="unlock" />
      <input type="hidden" name="token" value={token} />
      <p className="text-sm text-slate-700">{texts.unlockPrompt}</p>
      {error ? <Alert>{error}</Alert> : null}
      <SubmitButton size="lg" className="w-full" busy={busy}>
        {texts.unlockButton}
      </SubmitButton>
    </Form>
  );
}
