/**
 * /forgot-password (docs/product/accounts.md): step 1 e-mail → the server sends a 4-digit code;
 * step 1b the code, with a Resend link that reads "Resend in {n}s" during the 30 s cooldown;
 * step 2 the new password and its confirmation; then /login.
 *
 * The step lives on the server: each action answers the next step (and the e-mail/code carried
 * in hidden fields), so the flow works without JavaScript. The countdown is an enhancement; the
 * server enforces the cooldown itself (429 OTP_COOLDOWN with its own text).
 */
import { accountTexts as texts, authTexts } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { AuthCard, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { cutOtp, parseCodeStep, parseEmailStep, parseResetStep } from '~/schemas/forgot-password';
import { checkRecoveryCode, resetPassword, sendRecoveryCode } from '~/utils/accounts.server';
import { errorStatus, isClientError } from '~/utils/api.server';
import { textField, typedValues } from '~/utils/form-submission';
import { cn } from '~/utils/misc';
import { redirectIfSignedIn } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useCountdown } from '~/utils/use-countdown';
import { useHydrated } from '~/utils/use-hydrated';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) =>
  titleAndDescription(pageTitle(texts.forgotPassword, siteNameFromMatches(matches)), texts.recoveryDescription);

const RESEND_COOLDOWN_MS = 30_000;

type Step =
  | { step: 'email'; email: string; error?: string }
  | { step: 'code'; email: string; resendAt: number; error?: string; notice?: string }
  | { step: 'password'; email: string; otp: string; error?: string };

export async function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: await redirectIfSignedIn(request) });
}

/** The server's text for a refusal (cooldown, lock, rate limit, bad address), else the product's. */
function failureText(error: unknown, fallback: string): string {
  return isClientError(error) ? error.message : fallback;
}

/** The cooldown end the page was showing, kept within [now, now + 30 s] (display only). */
function keptResendAt(value: string, now: number): number {
  const at = Number(value);
  return Number.isFinite(at) ? Math.min(Math.max(at, now), now + RESEND_COOLDOWN_MS) : now;
}

export async function action({ request }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const form = await request.formData();
  const intent = textField.parse(form.get('intent') ?? 'send');
  const typed = typedValues(form, ['email', 'otp', 'resendAt']);
  const now = Date.now();
  const reply = (step: Step, status = 200) => data<Step>(step, { status });

  if (intent === 'send' || intent === 'resend') {
    const resend = intent === 'resend';
    const parsed = parseEmailStep(form, { resend });
    if (!parsed.ok) return reply({ step: 'email', email: typed.email, error: parsed.error }, 400);
    const { email } = parsed.data;
    const failed = resend ? texts.resendFailed : texts.sendFailed;
    const resendAt = keptResendAt(typed.resendAt, now);
    try {
      const answer = await sendRecoveryCode(request, email, { resend });
      if (!answer.status) {
        return resend ? reply({ step: 'code', email, resendAt, error: failed }, 502) : reply({ step: 'email', email, error: failed }, 502);
      }
      return reply({ step: 'code', email, resendAt: now + RESEND_COOLDOWN_MS, ...(resend ? { notice: texts.codeResent } : {}) });
    } catch (error) {
      const message = failureText(error, failed);
      return resend
        ? reply({ step: 'code', email, resendAt, error: message }, errorStatus(error))
        : reply({ step: 'email', email, error: message }, errorStatus(error));
    }
  }

  if (intent === 'verify') {
    const resendAt = keptResendAt(typed.resendAt, now);
    const parsed = parseCodeStep(form);
    if (!parsed.ok) {
      if (parsed.field === 'email') return reply({ step: 'email', email: '', error: parsed.error }, 400);
      return reply({ step: 'code', email: typed.email, resendAt, error: parsed.error }, 400);
    }
    try {
      const answer = await checkRecoveryCode(request, parsed.data);
      if (!answer.status) return reply({ step: 'code', email: parsed.data.email, resendAt, error: authTexts.otpInvalid }, 400);
      return reply({ step: 'password', email: parsed.data.email, otp: parsed.data.otp });
    } catch (error) {
      return reply(
        { step: 'code', email: parsed.data.email, resendAt, error: failureText(error, authTexts.otpInvalid) },
        errorStatus(error),
      );
    }
  }

  if (intent === 'reset') {
    const parsed = parseResetStep(form);
    if (!parsed.ok) {
      if (parsed.field === 'email' || parsed.field === 'otp') {
        return reply({ step: 'email', email: typed.email, error: texts.resetFailed }, 400);
      }
      return reply({ step: 'password', email: typed.email, otp: typed.otp, error: parsed.error }, 400);
    }
    try {
      const answer = await resetPassword(request, parsed.data);
      if (!answer.status) {
        return reply({ step: 'password', email: parsed.data.email, otp: parsed.data.otp, error: texts.resetFailed }, 502);
      }
    } catch (error) {
      return reply(
        { step: 'password', email: parsed.data.email, otp: parsed.data.otp, error: failureText(error, texts.resetFailed) },
        errorStatus(error),
      );
    }
    return redirect('/login?reset=1');
  }

  return reply({ step: 'email', email: typed.email }, 400);
}

const subtitles: Record<Step['step'], () => string> = {
  email: () => texts.emailStep,
  code: () => texts.codeStep,
  password: () => texts.passwordStep,
};

export default function ForgotPassword() {
  const state: Step = useActionData<typeof action>() ?? { step: 'email', email: '' };
  const navigation = useNavigation();
  const busyIntent = navigation.state === 'submitting' ? textField.parse(navigation.formData?.get('intent')) : null;

  return (
    <AuthCard
      title={texts.forgotPassword}
      subtitle={subtitles[state.step]()}
      footer={
        <p>
          {texts.remembered}{' '}
          <Link to="/login" className={textLink}>
            {texts.backToLogin}
          </Link>
        </p>
      }
    >
      {state.step === 'email' ? <EmailStep state={state} busy={busyIntent === 'send'} /> : null}
      {state.step === 'code' ? <CodeStep key={state.resendAt} state={state} busyIntent={busyIntent} /> : null}
      {state.step === 'password' ? <PasswordStep state={state} busy={busyIntent === 'reset'} /> : null}
    </AuthCard>
  );
}

function EmailStep({ state, busy }: { state: Extract<Step, { step: 'email' }>; busy: boolean }) {
  return (
    <Form method="post" noValidate className="space-y-4">
      <Field
        label={texts.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.email}
        aria-invalid={state.error ? true : undefined}
      />
      {state.error ? <Alert>{state.error}</Alert> : null}
      <SubmitButton name="intent" value="send" size="lg" className="w-full" busy={busy}>
        {texts.sendCode}
      </SubmitButton>
    </Form>
  );
}

function CodeStep({ state, busyIntent }: { state: Extract<Step, { step: 'code' }>; busyIntent: string | null }) {
  // The code as typed, and the answer it was typed after: a wrong code clears it, ready for the next try.
  const [typed, setTyped] = useState({ answer: state, otp: '' });
  const otp = typed.answer !== state && state.error ? '' : typed.otp;
  const remaining = useCountdown(state.resendAt);
  const hydrated = useHydrated();
  const codeRef = useRef<HTMLInputElement>(null);
  const coolingDown = remaining > 0;

  // After a wrong code the (cleared) field has the focus again.
  useEffect(() => {
    if (state.error) codeRef.current?.focus();
  }, [state]);

  return (
    <Form method="post" noValidate className="space-y-4">
      <input type="hidden" name="email" value={state.email} />
      <input type="hidden" name="resendAt" value={state.resendAt} />
      <p className="text-center text-sm text-slate-600">
        {texts.sentTo} <span className="font-semibold text-slate-900">{state.email}</span>
      </p>
      <Field
        ref={codeRef}
        label={texts.code}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{4}"
        maxLength={4}
        required
        value={otp}
        onChange={(event) => setTyped({ answer: state, otp: cutOtp(event.target.value) })}
        aria-invalid={state.error ? true : undefined}
        className="[&_input]:text-center [&_input]:text-lg [&_input]:tracking-[0.5em]"
      />
      {state.error ? <Alert>{state.error}</Alert> : null}
      {state.notice && !state.error ? <Alert tone="success">{state.notice}</Alert> : null}
      {/* First submit button: Enter in the code field verifies. */}
      <SubmitButton name="intent" value="verify" size="lg" className="w-full" busy={busyIntent === 'verify'}>
        {texts.verifyCode}
      </SubmitButton>
      <div className="flex items-center justify-between text-sm">
        <Link to="/forgot-password" className={textLink}>
          {texts.otherEmail}
        </Link>
        <button
          type="submit"
          name="intent"
          value="resend"
          formNoValidate
          // Without JavaScript the button stays usable and the server enforces the cooldown.
          disabled={(hydrated && coolingDown) || busyIntent === 'resend'}
          aria-live="polite"
          className={cn(
            'rounded font-semibold',
            hydrated && coolingDown ? 'cursor-not-allowed text-slate-400' : 'text-brand-700 hover:underline',
          )}
        >
          <span suppressHydrationWarning>{coolingDown ? texts.resendIn(remaining) : texts.resend}</span>
        </button>
      </div>
    </Form>
  );
}

function PasswordStep({ state, busy }: { state: Extract<Step, { step: 'password' }>; busy: boolean }) {
  return (
    <Form method="post" noValidate className="space-y-4">
      <input type="hidden" name="email" value={state.email} />
      <input type="hidden" name="otp" value={state.otp} />
      <Field label={texts.newPassword} name="password" type="password" autoComplete="new-password" required />
      <Field label={texts.confirmPassword} name="confirmPassword" type="password" autoComplete="new-password" required />
      {state.error ? <Alert>{state.error}</Alert> : null}
      <SubmitButton name="intent" value="reset" size="lg" className="w-full" busy={busy}>
        {texts.resetPassword}
      </SubmitButton>
    </Form>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
