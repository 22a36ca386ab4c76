import { errorTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import type { MetaFunction } from '@remix-run/node';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { RocketIcon } from 'lucide-react';
import { titleAndDescription } from '~/utils/page-meta';

/**
 * The product's coming-soon page (docs/product/navigation.md), used by every route whose content
 * the product does not show (/scheduled, /pages, /events, /watch, /blogs, /offers,
 * /mine/*, /help, /checkout). Route files re-export this module.
 */
export default function ComingSoon() {
  return (
    <Card className="px-6 py-12 text-center sm:px-10 sm:py-16">
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <RocketIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{errorTexts.comingSoonTitle}</h1>
      <p className="mt-3 inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800">
        {errorTexts.comingSoon}
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          {errorTexts.backToNewsFeed}
        </Link>
        <Link to="/help" className={buttonClasses('secondary', 'md')}>
          {errorTexts.visitHelp}
        </Link>
      </div>
    </Card>
  );
}

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(errorTexts.comingSoon, siteNameFromMatches(matches)));
