/**
 * /representative (docs/product/representatives.md, no guard): anyone may apply, signed in or
 * not. A standalone page (logo, card, form) for everyone — the member layout would send a visitor
 * who is not signed in to /login — with a way back to the site. The action checks the form with the
 * contracts' schema and sends it to POST /api/representatives (with the member's token when signed
 * in, so the application records who); a 400's per-field texts are shown under their fields.
 */
import { adminTexts, representativeScreenTexts as t, type RepresentativeApplicationBody } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RepresentativeForm, type RepresentativeActionData } from '~/components/representative/representative-form';
import { firstFieldError, parseRepresentativeForm, representativeValues } from '~/components/representative/representative-fields';
import { StandalonePage } from '~/components/standalone-page';
import { Card } from '~/components/ui/card';
import { errorStatus, isApiError, isClientError } from '~/utils/api.server';
import { submitRepresentative } from '~/utils/moderation.server';
import { getIdentity } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(t.title, siteNameFromMatches(matches)), t.description);

export function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: getIdentity(request) !== null };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = representativeValues(form);
  const parsed = parseRepresentativeForm(form);
  if (!parsed.ok) {
    const error = firstFieldError(parsed.fieldErrors) ?? adminTexts.tryAgain;
    return data<RepresentativeActionData>({ ok: false, error, fields: parsed.fieldErrors, values }, { status: 400 });
  }
  // Signed in (the gateway verified the token): apply as the member; else as nobody in particular.
  const token = getIdentity(request) ? undefined : null;
  try {
    const created = await submitRepresentative(request, token, parsed.data satisfies RepresentativeApplicationBody);
    return data<RepresentativeActionData>({ ok: true, message: created.message });
  } catch (error) {
    const error_ = isClientError(error) ? error.message : adminTexts.tryAgain;
    const fields = isApiError(error) ? (error.fields ?? {}) : {};
    return data<RepresentativeActionData>({ ok: false, error: error_, fields, values }, { status: errorStatus(error) });
  }
}

export default function RepresentativePage() {
  const { signedIn } = useLoaderData<typeof loader>();
  const siteName = useSiteName();
  return (
    <StandalonePage siteName={siteName} wide>
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.intro}</p>
        <div className="mt-6">
          <RepresentativeForm />
        </div>
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to={signedIn ? '/' : '/login'} className="font-semibold text-brand-700 hover:underline">
          {signedIn ? t.backTo(siteName) : t.signInTo(siteName)}
        </Link>
      </p>
    </StandalonePage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
