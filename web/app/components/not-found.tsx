import { errorTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { CompassIcon } from 'lucide-react';

/** Shown for /not-found, unknown paths and any 404 thrown by a loader. */
export function NotFoundView() {
  return (
    <Card className="px-6 py-10 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <CompassIcon className="size-7" />
      </span>
      <p className="mt-5 text-sm font-semibold uppercase tracking-wider text-brand-700">{errorTexts.notFoundCode}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{errorTexts.notFoundTitle}</h1>
      <p className="mt-3 text-slate-600">{errorTexts.notFoundBody}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        {errorTexts.goToNewsFeed}
      </Link>
    </Card>
  );
}
