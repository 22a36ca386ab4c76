/**
 * /dev/mail: the development mailbox. When the dev outboxes are on (local runs without SMTP), it
 * lists the mails every service "sent" (auth's account mails, notifications' digests, admin's
 * representative application mails), newest first —
 * recipient, subject, time and text with clickable links — so a newcomer can activate an account,
 * read a recovery code or a digest. Otherwise it says the mailbox is off.
 * Public: the visitor has no account yet.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { MailIcon } from 'lucide-react';
import { LinkifiedText } from '~/components/linkified-text';
import { StandalonePage } from '~/components/standalone-page';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { RelativeTime } from '~/components/ui/relative-time';
import { loadDevMailbox } from '~/utils/dev-mail.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => [
  ...titleAndDescription(pageTitle('Development mailbox', siteNameFromMatches(matches)), 'Mail the product sent while running locally.'),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const box = await loadDevMailbox(request);
  return data({ box, now: Date.now() }, { status: box.state === 'error' ? 502 : 200 });
}

const OFF_TEXT = 'The development mailbox is off (SMTP is configured or this is production)';

export default function DevMailPage() {
  const { box, now } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const siteName = useSiteName();

  return (
    <StandalonePage siteName={siteName} wide>
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            <MailIcon className="size-6 text-brand-600" />
            Development mailbox
          </h1>
          {box.state === 'on' ? (
            <Button variant="secondary" size="sm" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
              Refresh
            </Button>
          ) : null}
        </div>

        {box.state === 'off' ? <p className="mt-4 text-slate-700">{OFF_TEXT}</p> : null}
        {box.state === 'error' ? <Alert className="mt-4">The development mailbox could not be loaded. Please try again.</Alert> : null}

        {box.state === 'on' ? (
          <>
            <p className="mt-2 text-sm text-slate-600">
              Mails the product sent while running without SMTP, newest first. Open an activation link, read a recovery code or a daily
              digest here.
            </p>
            {box.incomplete ? <Alert className="mt-4">Some mails could not be loaded. Refresh to try again.</Alert> : null}
            {box.mails.length === 0 ? (
              <p className="mt-6 text-slate-500">No mails yet.</p>
            ) : (
              <ol className="mt-6 space-y-4">
                {box.mails.map((mail) => (
                  <li key={mail.id}>
                    <article aria-labelledby={`mail-${mail.id}`} className="rounded-lg border border-slate-200 p-4">
                      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                        <h2 id={`mail-${mail.id}`} className="font-semibold text-slate-900">
                          {mail.subject}
                        </h2>
                        <RelativeTime value={mail.createdAt} now={now} className="text-xs text-slate-500" />
                      </header>
                      <p className="mt-0.5 break-all text-sm text-slate-600">To: {mail.to}</p>
                      <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">
                        <LinkifiedText text={mail.text} />
                      </p>
                    </article>
                  </li>
                ))}
              </ol>
            )}
          </>
        ) : null}

        <div className="mt-8">
          <Link to="/login" className={buttonClasses('secondary', 'md')}>
            Back to login
          </Link>
        </div>
      </Card>
    </StandalonePage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
