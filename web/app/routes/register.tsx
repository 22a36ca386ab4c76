/**
 * /register (docs/product/accounts.md): First Name, Last Name, User Name, Email, Password, Confirm
 * Password, a link to login. On success the server's message, then /login after 3 seconds (a
 * client timer, plus a link for anyone who does not want to wait or has no JavaScript).
 */
import { accountTexts as texts, AuthErrorCode, authTexts, fromEnglish } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthCard, DevMailLink, LoginRedirectNotice, textLink } from '~/components/auth-card';
import { Alert } from '~/components/ui/alert';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { parseRegisterForm, REGISTER_FIELDS } from '~/schemas/register';
import { signUp } from '~/utils/accounts.server';
import { errorStatus, isClientError } from '~/utils/api.server';
import { devMailEnabled } from '~/utils/dev-mail.server';
import { typedValues } from '~/utils/form-submission';
import { redirectIfSignedIn } from '~/utils/session.server';
import { siteInfo } from '~/utils/site-info.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) =>
  titleAndDescription(pageTitle(texts.register, siteNameFromMatches(matches)), texts.registerDescription);

const REGISTER_REDIRECT_MS = 3_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = await redirectIfSignedIn(request);
  // While an admin has sign-ups closed the page says so instead of offering a form the auth
  // service would refuse (decision 024); the action's refusal still covers a stale page.
  const [devMail, site] = await Promise.all([devMailEnabled(request), siteInfo(request)]);
  return data({ devMail, allowSignups: site.allowSignups }, { headers });
}

type Values = Partial<Record<(typeof REGISTER_FIELDS)[number], string>>;
type RegisterActionData = { success: string } | { error: string; field?: string; values: Values };

export async function action({ request }: ActionFunctionArgs) {
  await redirectIfSignedIn(request);
  const form = await request.formData();
  // Echoed back (never the passwords) so a page rendered without JavaScript keeps what was typed.
  const { firstname, lastname, username, email } = typedValues(form, REGISTER_FIELDS);
  const values: Values = { firstname, lastname, username, email };

  const parsed = parseRegisterForm(form);
  if (!parsed.ok) {
    return data<RegisterActionData>({ error: parsed.error, field: parsed.field, values }, { status: 400 });
  }
  try {
    const answer = await signUp(request, parsed.data);
    return data<RegisterActionData>({ success: fromEnglish(answer.message ?? '') || authTexts.signUpDone });
  } catch (error) {
    // The server's words for a refusal ("Email is already in use", the username text, …).
    const message = isClientError(error) ? error.message : texts.registerFailed;
    const field = isClientError(error)
      ? error.code === AuthErrorCode.EmailInUse
        ? 'email'
        : error.code === AuthErrorCode.UsernameTaken
          ? 'username'
          : undefined
      : undefined;
    return data<RegisterActionData>({ error: message, ...(field ? { field } : {}), values }, { status: errorStatus(error) });
  }
}

export default function Register() {
  const { devMail, allowSignups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/register');
  const success = actionData && 'success' in actionData ? actionData.success : null;
  const failure = actionData && 'error' in actionData ? actionData : null;

  const invalid = (name: string) => failure?.field === name || undefined;
  const value = (name: keyof Values) => failure?.values[name] ?? '';

  return (
    <AuthCard
      title={texts.registerTitle}
      subtitle={texts.registerSubtitle}
      footer={
        <>
          <p>
            {texts.haveAccount}{' '}
            <Link to="/login" className={textLink}>
              {texts.login}
            </Link>
          </p>
          <DevMailLink on={devMail} />
        </>
      }
    >
      {!allowSignups && !success ? (
        <Alert tone="info">{authTexts.signUpsClosed}</Alert>
      ) : success ? (
        <LoginRedirectNotice message={success} afterMs={REGISTER_REDIRECT_MS} />
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={texts.firstName}
              name="firstname"
              autoComplete="given-name"
              required
              defaultValue={value('firstname')}
              aria-invalid={invalid('firstname')}
            />
            <Field
              label={texts.lastName}
              name="lastname"
              autoComplete="family-name"
              required
              defaultValue={value('lastname')}
              aria-invalid={invalid('lastname')}
            />
          </div>
          <Field
            label={texts.userName}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={value('username')}
            aria-invalid={invalid('username')}
          />
          <Field
            label={texts.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={value('email')}
            aria-invalid={invalid('email')}
          />
          <Field
            label={texts.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={invalid('password')}
          />
          <Field
            label={texts.confirmPassword}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={invalid('confirmPassword')}
          />
          {failure ? <Alert>{failure.error}</Alert> : null}
          <SubmitButton size="lg" className="w-full" busy={Boolean(busy)} busyLabel={texts.registering}>
            {texts.register}
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
