import { uiTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';

/** A page (or part of one) that could not be loaded: the reason and a way to try again. */
export function LoadError({ message }: { message: string }) {
  return (
    <Card className="px-6 py-12 text-center">
      <Alert className="mx-auto max-w-sm">{message}</Alert>
      {/* A full load: the client router may hold the failed state. */}
      <Link to="." reloadDocument className={buttonClasses('secondary', 'md', 'mt-6')}>
        {uiTexts.tryAgain}
      </Link>
    </Card>
  );
}
