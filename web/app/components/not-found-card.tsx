/**
 * A missing item inside the app's layout (a post, a hashtag): its text as the page heading and the
 * way back to the feed, so a dead link never strands a member.
 */
import { errorTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { CompassIcon } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';

export function NotFoundCard({ title, hint }: { title: string; hint?: string }) {
  return (
    <Card className="pb-10">
      <EmptyState titleAs="h1" icon={CompassIcon} title={title} hint={hint} className="pb-6" />
      <div className="text-center">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          {errorTexts.goToNewsFeed}
        </Link>
      </div>
    </Card>
  );
}
