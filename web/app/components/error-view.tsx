import { errorTexts } from '@kora/contracts';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { TriangleAlertIcon } from 'lucide-react';

/**
 * The product's default fallback screen ("Unexpected Application Error!"), with the API's own
 * words in place of the general ones when a page passes an answer on (too many requests, a service
 * that cannot answer now). Details are only shown in development builds; production never leaks
 * messages or stacks.
 */
export function ErrorView({ details, message }: { details?: string | undefined; message?: string | undefined }) {
  return (
    <Card className="px-6 py-10 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TriangleAlertIcon className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{errorTexts.unexpectedTitle}</h1>
      <p className="mt-3 text-slate-600">{message ?? errorTexts.unexpectedBody}</p>
      {details ? (
        <pre className="mt-6 max-h-64 overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">{details}</pre>
      ) : null}
      {/* A plain anchor: after an error the client router may be in a bad state. */}
      <a href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        {errorTexts.goToNewsFeed}
      </a>
    </Card>
  );
}
